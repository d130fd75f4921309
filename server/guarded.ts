// The outermost guard of every request: nothing thrown outside Express may escape.
import type { IncomingMessage, ServerResponse } from "node:http";
import { loggedPath } from "~/server/platform/request-log.server";

export type Listener = (req: IncomingMessage, res: ServerResponse) => void;
export type ErrorLog = { error(details: object, message: string): void };

/**
 * Runs a listener so that nothing it throws escapes: outside Express an exception ends the process, and with it
 * every visitor's request. The failure is logged with the path the request log uses (a query may hold a token).
 */
export function guarded(listener: Listener, log: ErrorLog): Listener {
  return (req, res) => {
    try {
      listener(req, res);
    } catch (error) {
      log.error({ err: error, url: loggedPath(req.url) }, "request failed outside the app");
      try {
        if (res.headersSent) res.destroy();
        else res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("Internal Server Error");
      } catch {
        res.destroy();
      }
    }
  };
}
