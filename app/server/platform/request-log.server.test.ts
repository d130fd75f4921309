// The request log: one line per answer with the request's id, never a secret token from a URL, and nothing
// added to Node's request or response.
import type { IncomingMessage, ServerResponse } from "node:http";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { listenLocally, rawRequest } from "../../../tests/support/raw-http";
import { loggedPath, logRequest, requestLog } from "./request-log.server";

describe("loggedPath", () => {
  it.each([
    ["/payment-success?order=5f0c&token=Zm9vYmFyYmF6cXV4cXV1eA", "/payment-success"],
    ["/payment-success/receipt?order=5f0c&token=abc&print=1", "/payment-success/receipt"],
    ["/payment-canceled?order=1&token=secret", "/payment-canceled"],
    ["/reset-password?token=k2Jd9sLQ0pXz", "/reset-password"],
    ["/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.x.y&callbackURL=/login", "/api/auth/verify-email"],
    [
      "/api/auth/reset-password/Qm3kX9zLp0aT7wYb2?callbackURL=%2Freset-password",
      "/api/auth/reset-password/:token",
    ],
    ["/unknown/AbCdEfGh1234567890XyZ", "/unknown/:token"],
    ["/c/aZ3kP9qLm2X?s=nfc", "/c/:token"],
    ["/invitations/5f0c2a1e-8d3b-4c7a-9e2f-0a1b2c3d4e5f", "/invitations/:token"],
    ["/unsubscribe?token=0b8e2c1a-4b7e-9f3d.Zm9vYmFyYmF6cXV4cXV1eEZvbw", "/unsubscribe"],
    ["/claim-cards?token=k2Jd9sLQ0pXzAbCdEfGh1234567890XyZabcdefghij", "/claim-cards"],
    ["/login?redirectTo=%2Fclaim-cards%3Ftoken%3Dk2Jd9sLQ0pXz", "/login"],
  ])("logs %s as %s", (url, expected) => {
    expect(loggedPath(url)).toBe(expected);
  });

  it("keeps the paths that say what was asked for", () => {
    expect(loggedPath("/card/nora-bakes-cakes-in-london")).toBe("/card/nora-bakes-cakes-in-london");
    expect(loggedPath("/go/7d5b8f0e-2c1a-4b7e-9f3d-1a2b3c4d5e6f")).toBe(
      "/go/7d5b8f0e-2c1a-4b7e-9f3d-1a2b3c4d5e6f",
    );
    expect(loggedPath("/admin-dashboard/edit/7d5b8f0e-2c1a-4b7e-9f3d-1a2b3c4d5e6f")).toBe(
      "/admin-dashboard/edit/7d5b8f0e-2c1a-4b7e-9f3d-1a2b3c4d5e6f",
    );
    expect(loggedPath(undefined)).toBe("");
  });
});

describe("logRequest", () => {
  let stop: (() => Promise<void>) | undefined;
  afterEach(() => stop?.());

  /** A server that logs each request into `lines`, then answers with `answer`. */
  async function serve(answer: (req: IncomingMessage, res: ServerResponse, log: pino.Logger) => void) {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const server = await listenLocally((req, res) => {
      logRequest(req, res, logger);
      answer(req, res, requestLog(req, logger));
    });
    stop = server.close;
    const linesFor = (id: string) => lines.filter((l) => (l.req as { id?: string } | undefined)?.id === id);
    return { origin: server.origin, lines, linesFor };
  }

  it("logs one line per answer with the proxy's request id, sent back, the path without its query and the status", async () => {
    const { origin, linesFor } = await serve((_req, res, log) => {
      log.warn({ card: "nora" }, "a line from the page");
      res.writeHead(404).end("gone");
    });
    const answer = await rawRequest(`${origin}/reset-password?token=k2Jd9sLQ0pXz`, {
      "X-Request-Id": "proxy-1",
    });
    expect(answer.headers["x-request-id"]).toBe("proxy-1");
    await expect.poll(() => linesFor("proxy-1").length).toBe(2);
    const req = { id: "proxy-1", method: "GET", url: "/reset-password" };
    expect(linesFor("proxy-1")).toEqual([
      expect.objectContaining({ req, card: "nora", msg: "a line from the page" }),
      expect.objectContaining({
        req,
        res: { status: 404 },
        responseTime: expect.any(Number),
        msg: "request completed",
      }),
    ]);
    expect(JSON.stringify(linesFor("proxy-1"))).not.toContain("k2Jd9sLQ0pXz");
  });

  it("makes an id when the proxy sends none, and cuts a long one", async () => {
    const { origin, lines } = await serve((_req, res) => res.end("ok"));
    const made = (await rawRequest(`${origin}/pricing`)).headers["x-request-id"];
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    const cut = (await rawRequest(`${origin}/pricing`, { "X-Request-Id": "x".repeat(500) })).headers[
      "x-request-id"
    ];
    expect(cut).toBe("x".repeat(64));
    await expect.poll(() => lines.map((l) => (l.req as { id: string }).id)).toEqual([made, cut]);
  });

  it("says so when the visitor leaves before the answer, and does not log the health check", async () => {
    const { origin, lines } = await serve((req, res) => {
      if (req.url === "/healthz") res.end("ok");
      else req.socket.destroy();
    });
    await rawRequest(`${origin}/healthz`);
    await rawRequest(`${origin}/dashboard`).catch(() => null);
    await expect.poll(() => lines.map((l) => l.msg)).toEqual(["request aborted"]);
  });

  it("adds no property to the request or the response", async () => {
    const keys: string[][] = [];
    const ownKeys = (req: IncomingMessage, res: ServerResponse) =>
      [...Reflect.ownKeys(req), ...Reflect.ownKeys(res)].map(String);
    const server = await listenLocally((req, res) => {
      const logger = pino({ level: "silent" });
      keys.push(ownKeys(req, res));
      logRequest(req, res, logger);
      requestLog(req, logger).info("a line");
      keys.push(ownKeys(req, res));
      res.end("ok");
    });
    stop = server.close;
    await rawRequest(`${server.origin}/dashboard`);
    expect(keys[1]).toEqual(keys[0]);
  });
});
