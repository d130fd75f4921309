// The request log: one line per answer, and what it may say about a URL: the path only, as query strings carry
// secrets (reset, verification and order links), with any path segment that is a secret token replaced by ':token'.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";

/** Routes whose next path segment is a secret. */
// A chip address (/c/{token}) opens only a public page, but its token is what turning one lost card off relies on.
// An invitation's id (/invitations/{id}) is its link's secret.
const SECRET_AFTER = [
  "/api/auth/reset-password/",
  "/api/auth/verify-email/",
  "/api/auth/magic-link/",
  "/c/",
  "/invitations/",
];
/** A long mixed-case run of letters and digits is a random token, never a slug (lower case) or a UUID (hex). */
const RANDOM_TOKEN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z0-9_-]{20,}$/;

export function loggedPath(url: string | undefined) {
  const path = (url ?? "").slice(0, 2048).split(/[?#]/, 1)[0]!;
  const prefix = SECRET_AFTER.find((p) => path.startsWith(p));
  if (prefix) return `${prefix}:token`;
  return path
    .split("/")
    .map((segment) => (RANDOM_TOKEN.test(segment) ? ":token" : segment))
    .join("/");
}

/** What a request's log lines say about it: its id (from the proxy, or new), its method and its logged path. */
interface RequestBindings {
  id: string;
  method: string | undefined;
  url: string;
}

// Each request's log facts, kept beside the request rather than on it: a property added to Node's request or
// response gives them another shape, and Node's HTTP code, which answers the card pages too, then slows for all
// of them (docs/decisions/021-request-log.md).
const requests = new WeakMap<IncomingMessage, { bindings: RequestBindings; logger?: Logger }>();

/**
 * Gives a request an id (the proxy's X-Request-Id, or a new one, sent back in the same header) and logs one line
 * when its answer is sent or cut off, with the status and the time taken. `/healthz`, asked every few seconds by
 * a load balancer, is not logged.
 */
export function logRequest(req: IncomingMessage, res: ServerResponse, logger: Logger) {
  const id = (req.headers["x-request-id"] as string | undefined)?.slice(0, 64) || randomUUID();
  res.setHeader("X-Request-Id", id);
  requests.set(req, { bindings: { id, method: req.method, url: loggedPath(req.url) } });
  if (req.url === "/healthz") return;
  const started = Date.now();
  res.once("close", () => {
    const details = { res: { status: res.statusCode }, responseTime: Date.now() - started };
    // A failure is logged at level error where it was caught; this line only counts it.
    const message =
      res.statusCode >= 500
        ? "request errored"
        : res.writableFinished
          ? "request completed"
          : "request aborted";
    requestLog(req, logger).info(details, message);
  });
}

/** The request's logger: each line it writes carries the request's id, method and path. */
export function requestLog(req: IncomingMessage, logger: Logger) {
  const entry = requests.get(req);
  if (!entry) return logger;
  entry.logger ??= logger.child({ req: entry.bindings });
  return entry.logger;
}
