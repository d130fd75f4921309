// Pages are rendered whole, to a string: no page waits for data while it renders (loaders have run before), so
// streaming would send the same bytes in more pieces, through more stream code (docs/decisions/020-whole-responses.md).
import { renderToString } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { NonceProvider } from "~/utils/nonce";

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // No attribute should carry an empty nonce.
  const nonce = loadContext.cspNonce || undefined;
  // A render that throws is caught by React Router, which renders the error boundary through here again.
  const html = renderToString(
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
}
