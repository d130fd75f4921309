import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { pageEncoder } from "~/server/platform/compressed-page.server";
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
  // Bots, static renders and render-once pages get the whole document at once (a render-once page then needs
  // none of React's streaming scripts, each of which its policy would have to list); browsers get it streamed.
  const whole =
    isbot(request.headers.get("user-agent") ?? "") ||
    routerContext.isSpaMode ||
    !nonce ||
    loadContext.sharedRender === true;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    function respond() {
      shellRendered = true;
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      // Compressed here, with React's own pace and flushes, rather than by a middleware wrapped around the
      // writes of React Router's adapter: that pairing left a 'drain' listener behind on every write that
      // had to wait. A render-once page is compressed where it is kept.
      const body =
        (loadContext.sharedRender
          ? null
          : pageEncoder(request.headers.get("accept-encoding"), responseHeaders)) ?? new PassThrough();
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
      pipe(body);
    }
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          if (!whole) respond();
        },
        onAllReady() {
          // Nothing is left to wait for: the timer would only keep this render (the request, its data and
          // React's state) in memory until it fired.
          clearTimeout(abortTimer);
          if (whole) respond();
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
