import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { encodeRendered } from "~/server/platform/compressed-page.server";
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
  // Every page is sent whole, once it is all rendered: its data is loaded before the render starts, so there is
  // nothing to stream, and one piece is compressed in one call (decision 033). A render-once page then needs
  // none of React's streaming scripts, each of which its policy would have to list.
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    function respond() {
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      const pieces: Buffer[] = [];
      const page = new Writable({
        write(piece: Buffer, _encoding, done) {
          pieces.push(piece);
          done();
        },
        final(done) {
          const html = Buffer.concat(pieces);
          // A render-once page is compressed where it is kept.
          const body = loadContext.sharedRender
            ? html
            : encodeRendered(html, request.headers.get("accept-encoding"), responseHeaders);
          resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
          done();
        },
      });
      pipe(page);
    }
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          // Nothing is left to wait for: the timer would only keep this render (the request, its data and
          // React's state) in memory until it fired.
          clearTimeout(abortTimer);
          respond();
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    // Abort a render still waiting on data after the timeout, leaving React time to send its fallbacks.
    const abortTimer = setTimeout(abort, streamTimeout + 1000);
  });
}
