import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { BatchedStream } from "~/server/platform/batched-stream.server";
import { NonceProvider } from "~/utils/nonce";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // No attribute should carry an empty nonce.
  const nonce = loadContext.cspNonce || undefined;
  // Bots, static renders and pages rendered to be shared get the whole document at once (a shared page then
  // needs none of React's streaming scripts, each of which its policy would have to list); browsers get it as
  // React streams it, which the server reads whole before it sends it (server/whole-response.ts).
  const whole =
    isbot(request.headers.get("user-agent") ?? "") ||
    routerContext.isSpaMode ||
    !nonce ||
    loadContext.sharedRender === true;
  const readyEvent = whole ? "onAllReady" : "onShellReady";
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new BatchedStream();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(body.readable, {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
