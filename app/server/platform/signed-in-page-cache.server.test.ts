// Which requests the signed-in page cache may answer, and when a kept page is answered again: only to the same
// cookies at the same address, only while the database's snapshot holds, and never for long.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import {
  createSignedInPageCache,
  type RenderPage,
  SIGNED_IN_CACHE_LIMITS,
  signedInPageKey,
} from "./signed-in-page-cache.server";
import { inlineScriptHashes } from "./site-headers.server";

const key = (url: string, headers: http.IncomingHttpHeaders = {}, method = "GET") =>
  signedInPageKey({ method, url, headers: { host: "shop.example", ...headers } } as http.IncomingMessage);

describe("which requests it may answer", () => {
  const cookie = "better-auth.session_token=abc.def";

  it("GET and HEAD of dashboard and back-office pages, with cookies", () => {
    for (const url of [
      "/dashboard",
      "/dashboard/links",
      "/dashboard/cold-calling/prospects?status=new",
      "/admin-dashboard",
      "/admin-dashboard/cards?q=bakery&page=2",
    ])
      expect(key(url, { cookie }), url).not.toBeNull();
    expect(key("/dashboard", { cookie }, "HEAD")).not.toBeNull();
  });

  it("never without cookies, with credentials in a header, for another method, data requests or files", () => {
    expect(key("/dashboard")).toBeNull();
    expect(key("/dashboard", { cookie, authorization: "Bearer x" })).toBeNull();
    expect(key("/dashboard", { cookie }, "POST")).toBeNull();
    for (const url of [
      "/dashboard.data",
      "/dashboard/links.data?_routes=routes/dashboard/links",
      "/dashboard/resell/qr.svg",
      "/dashboard/cold-calling/prospects.csv",
      "/admin-dashboard/commissions.csv",
      "/dashboards",
      "/",
      "/cart",
      "/wc341",
    ])
      expect(key(url, { cookie }), url).toBeNull();
  });

  it("keys each visitor's cookies, the address and the host apart", () => {
    const a = key("/dashboard", { cookie });
    expect(key("/dashboard", { cookie: `${cookie}x` })).not.toBe(a);
    expect(key("/dashboard", { cookie: `${cookie}; cart=1` })).not.toBe(a);
    expect(key("/dashboard/links", { cookie })).not.toBe(a);
    expect(key("/dashboard", { cookie, host: "other.example" })).not.toBe(a);
    expect(key("/dashboard", { cookie, "x-forwarded-host": "other.example" })).not.toBe(a);
    expect(key("/dashboard", { cookie, "x-forwarded-proto": "http" })).not.toBe(a);
    expect(key("/dashboard", { cookie })).toBe(a);
  });
});

/** A page as a render writes it: its own inline script carries the render's nonce. */
const PAGE = (text: string, nonce = "") =>
  `<!DOCTYPE html><html><body><h1>${text}</h1>` +
  `<script nonce="${nonce}">window.__data = ${JSON.stringify(text)};</script>` +
  '<script type="module" src="/a.js"></script></body></html>';

/** A cache behind a real HTTP server, with a snapshot and a clock the test moves, counting renders. */
async function serve(opts: { limits?: typeof SIGNED_IN_CACHE_LIMITS } = {}) {
  const state = {
    snapshot: "1:1:",
    time: 1_000_000,
    renders: 0,
    snapshotReads: 0,
    nonces: [] as string[],
    respond: (_url: string, _nonce: string) => page(""),
  };
  const cache = createSignedInPageCache({
    readSnapshot: async () => {
      state.snapshotReads++;
      return state.snapshot;
    },
    siteHeaders: [["X-Content-Type-Options", "nosniff"]],
    limits: opts.limits,
    now: () => state.time,
  });
  const server = http.createServer((req, res) => {
    const k = signedInPageKey(req)!;
    const render: RenderPage = async (nonce) => {
      state.renders++;
      state.nonces.push(nonce);
      return state.respond(req.url!, nonce)();
    };
    cache.answer(k, req, res, render).then(async (answer) => {
      if (!answer) return;
      res.writeHead(answer.status, [...answer.headers].flat());
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = (path: string, cookie = "s=alice", init: RequestInit = {}) =>
    fetch(`${base}${path}`, { ...init, redirect: "manual", headers: { cookie, ...init.headers } });
  const memory = async (path: string, cookie = "s=alice") => {
    // answerFromMemory alone, as the fast path asks it
    const req = {
      method: "GET",
      url: path,
      headers: { cookie, host: new URL(base).host },
    } as http.IncomingMessage;
    const sent: unknown[] = [];
    const res = {
      writeHead: (...a: unknown[]) => sent.push(a),
      end: () => {},
    } as unknown as http.ServerResponse;
    const answered = await cache.answerFromMemory(signedInPageKey(req)!, req, res);
    return { answered, sent };
  };
  return { state, cache, get, memory };
}

const page =
  (html: string, init: ResponseInit = {}) =>
  () =>
    Promise.resolve(
      new Response(html, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" }, ...init }),
    );

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

describe("when a kept page is answered again", () => {
  it("renders once while the database's snapshot holds, and again once anything was written", async () => {
    const { state, get } = await serve();
    state.respond = (url) => page(PAGE(`${url} as seen at ${state.snapshot}`));
    const first = await (await get("/dashboard")).text();
    expect(await (await get("/dashboard")).text()).toBe(first);
    expect(state.renders).toBe(1);

    state.snapshot = "1:2:";
    const after = await (await get("/dashboard")).text();
    expect(after).toContain("as seen at 1:2:");
    expect(state.renders).toBe(2);
  });

  it("never gives one visitor's page to another cookie, nor one address's page to another", async () => {
    const { state, get } = await serve();
    state.respond = (url) => page(PAGE(`${url} for ${state.renders}`));
    const alice = await (await get("/dashboard", "s=alice")).text();
    const bob = await (await get("/dashboard", "s=bob")).text();
    const links = await (await get("/dashboard/links", "s=alice")).text();
    expect(new Set([alice, bob, links]).size).toBe(3);
    expect(await (await get("/dashboard", "s=bob")).text()).toBe(bob);
    expect(state.renders).toBe(3);
  });

  it("renders again once the page is a minute old, for what follows the clock", async () => {
    const { state, get } = await serve();
    state.respond = () => page(PAGE("x"));
    await get("/dashboard");
    state.time += SIGNED_IN_CACHE_LIMITS.maxAgeMs - 1;
    await get("/dashboard");
    expect(state.renders).toBe(1);
    state.time += 1;
    await get("/dashboard");
    expect(state.renders).toBe(2);
  });

  it("answers from memory alone only with a current page, and leaves the request untouched otherwise", async () => {
    const { state, get, memory } = await serve();
    state.respond = () => page(PAGE("x"));
    expect(await memory("/dashboard")).toEqual({ answered: false, sent: [] });
    await get("/dashboard");
    expect((await memory("/dashboard")).answered).toBe(true);
    expect((await memory("/dashboard", "s=bob")).answered).toBe(false);
    state.snapshot = "2:2:";
    expect((await memory("/dashboard")).answered).toBe(false);
  });

  it("reads the snapshot once for the requests answered together, after the last of them arrived", async () => {
    const { state, get, memory } = await serve();
    state.respond = () => page(PAGE("x"));
    await get("/dashboard");
    const reads = state.snapshotReads;
    const together = Array.from({ length: 20 }, () => memory("/dashboard"));
    expect((await Promise.all(together)).every((answer) => answer.answered)).toBe(true);
    expect(state.snapshotReads).toBe(reads + 1);

    // A write committed after a request arrived but before the shared read began is seen by that request.
    const stale = memory("/dashboard");
    state.snapshot = "1:2:";
    expect((await stale).answered).toBe(false);
  });

  it("keeps no redirect, error, page that sets a cookie, page that asks not to be stored, or file", async () => {
    const { state, get } = await serve();
    const answers = [
      () => page("", { status: 302, headers: { Location: "/login" } }),
      () => page(PAGE("boom"), { status: 500, headers: { "Content-Type": "text/html" } }),
      () =>
        page(PAGE("toast"), { headers: { "Content-Type": "text/html", "Set-Cookie": "toast=; Max-Age=0" } }),
      () =>
        page(PAGE("receipt"), {
          headers: { "Content-Type": "text/html", "Cache-Control": "private, no-store" },
        }),
      () => page("a,b", { headers: { "Content-Type": "text/csv" } }),
    ];
    for (const answer of answers) {
      state.respond = answer;
      state.renders = 0;
      const first = await get("/dashboard");
      const second = await get("/dashboard");
      expect(second.status).toBe(first.status);
      expect(state.renders).toBe(2);
    }
  });

  it("sends a redirect to the request that rendered it, with its own headers", async () => {
    const { state, get } = await serve();
    state.respond = () => page("", { status: 302, headers: { Location: "/login?redirectTo=%2Fdashboard" } });
    const answer = await get("/dashboard");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard");
  });

  it("shares one render among requests that arrive together, each getting the page", async () => {
    const { state, get } = await serve();
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    state.respond = (_url, nonce) => async () => {
      await held;
      return page(PAGE("shared", nonce))();
    };
    const answers = Array.from({ length: 5 }, () => get("/dashboard"));
    await expect.poll(() => state.renders).toBe(1);
    release();
    const texts = await Promise.all(answers.map(async (a) => (await a).text()));
    expect(new Set(texts)).toEqual(new Set([PAGE("shared", state.nonces[0])]));
    expect(state.renders).toBe(1);
  });

  it("answers with a policy listing the render's own inline scripts, the site's headers, and the encoding asked for", async () => {
    const { state, get } = await serve();
    // Stored text that slipped past escaping would bring a script without the render's nonce.
    const smuggled = "<script>alert('stored')</script>";
    let html = "";
    state.respond = (_url, nonce) => {
      html = PAGE("Hello", nonce).replace("</h1>", `</h1>${smuggled}`);
      return page(html, { headers: { "Content-Type": "text/html; charset=utf-8", "X-Own": "1" } });
    };
    const plain = await get("/dashboard", "s=alice", { headers: { "Accept-Encoding": "identity" } });
    expect(await plain.text()).toBe(html);
    const policy = plain.headers.get("Content-Security-Policy")!;
    const own = inlineScriptHashes(PAGE("Hello", state.nonces[0]));
    expect(own).toHaveLength(1);
    expect(policy).toContain(`script-src 'self' ${own[0]};`);
    expect(policy).not.toContain(inlineScriptHashes(`<html>${smuggled}</html>`)[0]);
    expect(policy).not.toContain("nonce");
    expect(plain.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(plain.headers.get("X-Own")).toBe("1");
    expect(plain.headers.get("Vary")).toBe("Accept-Encoding, Cookie");

    const raw = await new Promise<{ encoding?: string; body: Buffer }>((resolve) => {
      const url = new URL(plain.url);
      http.get(
        {
          host: url.hostname,
          port: url.port,
          path: "/dashboard",
          headers: { cookie: "s=alice", "accept-encoding": "gzip" },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c) => chunks.push(c));
          res.on("end", () =>
            resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }),
          );
        },
      );
    });
    expect(raw.encoding).toBe("gzip");
    expect(gunzipSync(raw.body).toString()).toBe(html);
    expect(state.renders).toBe(1);

    const head = await get("/dashboard", "s=alice", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("holds at most its limit in bytes, the least recently used going first", async () => {
    const limits = { ...SIGNED_IN_CACHE_LIMITS, bytes: 20_000 };
    const { state, get, cache } = await serve({ limits });
    state.respond = (url) => page(PAGE(`${url} ${"x".repeat(5_000)}`));
    for (let i = 0; i < 10; i++)
      await get(`/dashboard?page=${i}`, "s=alice", { headers: { "Accept-Encoding": "gzip" } });
    expect(cache.size().bytes).toBeLessThanOrEqual(limits.bytes);
    expect(cache.size().pages).toBeLessThan(10);
    state.renders = 0;
    await get("/dashboard?page=9");
    expect(state.renders).toBe(0);
    await get("/dashboard?page=0");
    expect(state.renders).toBe(1);
  });
});
