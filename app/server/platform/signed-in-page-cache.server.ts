// Signed-in pages (the customer dashboard and the back office) rendered once per visitor and per state of the
// database. A page is answered again from memory only to the same Cookie header, at the same address, while the
// database has committed no write since its render began, and for a minute at most, for what follows the clock
// (docs/decisions/013-signed-in-page-cache.md).
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { compressForOneVisitor } from "./compressed-page.server";
import { freshRead } from "./fresh-read.server";
import { Lru } from "./lru.server";
import { inlineScriptHashes, pageSecurityPolicy } from "./site-headers.server";

/**
 * What one process may hold, and how long a page may lag the clock: the pages count by day and mark what is
 * overdue by the hour, so a minute is never seen.
 */
export const SIGNED_IN_CACHE_LIMITS = { bytes: 32 * 1024 * 1024, maxAgeMs: 60_000 };

type Encoding = "br" | "gzip" | "identity";

interface Entry {
  /** The database's snapshot read before the render began: the page is what a render gives while it holds. */
  snapshot: string;
  expiresAt: number;
  /** Flat [name, value, ...]: the render's own headers, the site's, and a policy allowing its inline scripts. */
  headers: string[];
  bodies: Partial<Record<Encoding, Buffer>>;
  keyLength: number;
}

/**
 * A render of the request as it came, with this nonce on the scripts it writes, answered as a Fetch Response
 * (React Router's document handler).
 */
export type RenderPage = (nonce: string) => Promise<Response>;

const SIGNED_IN_PATH = /^\/(?:dashboard|admin-dashboard)(?:\/[^.?]*)?(?:\?.*)?$/;

/**
 * The cache's key for a request it may answer, or null: GET and HEAD of dashboard and back-office documents
 * from a visitor with cookies (anyone else is sent to sign in). The key holds every input a render reads from
 * the request beyond its address: the whole Cookie header and the host. Data requests (`.data`) and files are
 * left to the app.
 */
export function signedInPageKey(req: IncomingMessage) {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const url = req.url ?? "";
  const cookie = req.headers.cookie;
  if (!cookie || req.headers.authorization !== undefined || !SIGNED_IN_PATH.test(url)) return null;
  const { host, "x-forwarded-host": forwardedHost, "x-forwarded-proto": forwardedProto } = req.headers;
  return `${forwardedProto} ${forwardedHost} ${host}\n${url}\n${cookie}`;
}

const weigh = (entry: Entry) =>
  entry.keyLength +
  1024 +
  (entry.bodies.identity?.length ?? 0) +
  (entry.bodies.gzip?.length ?? 0) +
  (entry.bodies.br?.length ?? 0);

export type SignedInPageCache = ReturnType<typeof createSignedInPageCache>;

export function createSignedInPageCache(opts: {
  /** The database's current snapshot: it changes when a transaction that wrote ends, and only then. */
  readSnapshot: () => Promise<string>;
  /** Headers every answer carries (the site's), added to each page's own. */
  siteHeaders: [string, string][];
  limits?: typeof SIGNED_IN_CACHE_LIMITS;
  now?: () => number;
}) {
  const limits = opts.limits ?? SIGNED_IN_CACHE_LIMITS;
  // Every answer reads the snapshot after its request arrived; requests that arrive together share one read.
  const readSnapshot = freshRead(opts.readSnapshot);
  const now = opts.now ?? Date.now;
  const entries = new Lru<string, Entry>(limits.bytes, weigh);
  // Concurrent first requests of one key in one snapshot share its render. Only live requests are held here.
  const rendering = new Map<string, Promise<Entry | Response>>();

  /** The entry for the key when it is what a render would give now. */
  function current(key: string, snapshot: string) {
    const entry = entries.get(key);
    if (entry && entry.snapshot === snapshot && entry.expiresAt > now()) return entry;
    if (entry) entries.delete(key);
    return undefined;
  }

  async function renderEntry(key: string, snapshot: string, render: RenderPage): Promise<Entry | Response> {
    const page = await renderWhole(render);
    const { status, headers: rendered } = page.response;
    // Only a plain page is kept: a redirect, an error, a cookie being set or a page that asks not to be stored
    // (a receipt) goes to this request alone.
    const noStore = (rendered.get("Cache-Control") ?? "").includes("no-store");
    if (status !== 200 || !page.html || rendered.has("Set-Cookie") || noStore) return page.response;
    const headers: string[] = [];
    for (const [name, value] of rendered) if (!PER_ANSWER_HEADERS.has(name)) headers.push(name, value);
    for (const [name, value] of opts.siteHeaders) headers.push(name, value);
    headers.push("Content-Security-Policy", page.policy, "Vary", "Accept-Encoding, Cookie");
    const entry: Entry = {
      snapshot,
      expiresAt: now() + limits.maxAgeMs,
      headers,
      bodies: { identity: page.body },
      keyLength: key.length * 2,
    };
    entries.set(key, entry);
    return entry;
  }

  /** The body in the encoding asked for, compressed on first use (at a speed fit for one visitor's page). */
  function encoded(key: string, entry: Entry, encoding: Encoding) {
    const ready = entry.bodies[encoding];
    if (ready || encoding === "identity") return ready ?? entry.bodies.identity!;
    const identity = entry.bodies.identity!;
    const body = compressForOneVisitor(identity, encoding);
    // Weighed again, and kept only while it is still the key's entry (a newer render may have replaced it).
    const kept = entries.get(key) === entry;
    if (kept) entries.delete(key);
    entry.bodies[encoding] = body;
    if (kept) entries.set(key, entry);
    return body;
  }

  function send(key: string, entry: Entry, req: IncomingMessage, res: ServerResponse) {
    const accept = req.headers["accept-encoding"] ?? "";
    const encoding: Encoding = accept.includes("br") ? "br" : accept.includes("gzip") ? "gzip" : "identity";
    const body = encoded(key, entry, encoding);
    const headers = [...entry.headers, "Content-Length", String(body.length)];
    if (encoding !== "identity") headers.push("Content-Encoding", encoding);
    res.writeHead(200, headers);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  return {
    /**
     * Answers from memory when the page is there and the database has not changed since its render began.
     * Resolves false, having sent nothing, otherwise.
     */
    async answerFromMemory(key: string, req: IncomingMessage, res: ServerResponse) {
      // Read after the request arrived, so every write answered before it is in the snapshot.
      const entry = current(key, await readSnapshot());
      if (!entry) return false;
      send(key, entry, req, res);
      return true;
    },

    /**
     * Answers with the page as it is now: from memory, or rendered (and kept when it may be). Resolves with a
     * Response for the caller to send when the answer is not a page that may be kept (a redirect, an error).
     */
    async answer(key: string, req: IncomingMessage, res: ServerResponse, render: RenderPage) {
      const snapshot = await readSnapshot();
      let entry = current(key, snapshot);
      if (!entry) {
        const shared = `${snapshot}\n${key}`;
        const joined = rendering.get(shared);
        const pending = joined ?? renderEntry(key, snapshot, render).finally(() => rendering.delete(shared));
        if (!joined) rendering.set(shared, pending);
        const result = await pending;
        // An answer that is not kept belongs to the request that rendered it; one that waited renders its own.
        if (result instanceof Response) return joined ? (await renderWhole(render)).response : result;
        entry = result;
      }
      send(key, entry, req, res);
      return null;
    },

    size: () => ({ pages: entries.size, bytes: entries.weight }),
  };
}

/**
 * The whole render, with a policy that allows, by hash, exactly the inline scripts the render wrote: they carry
 * this render's nonce, which markup smuggled in through stored text could not know. The nonce itself is not in
 * the policy, since kept bytes repeat it.
 */
async function renderWhole(render: RenderPage) {
  const nonce = randomBytes(16).toString("base64");
  const rendered = await render(nonce);
  const body = Buffer.from(await rendered.arrayBuffer());
  const headers = new Headers(rendered.headers);
  const html = (headers.get("Content-Type") ?? "").startsWith("text/html");
  const policy = pageSecurityPolicy(null, html ? inlineScriptHashes(body.toString(), nonce) : []);
  headers.set("Content-Security-Policy", policy);
  const empty = body.length === 0 || NULL_BODY_STATUSES.has(rendered.status);
  const response = new Response(empty ? null : new Uint8Array(body), { status: rendered.status, headers });
  return { response, body, html, policy };
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** Headers that belong to one answer, not to the page: set afresh for each. */
const PER_ANSWER_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "content-security-policy",
  "transfer-encoding",
  "date",
  "connection",
  "keep-alive",
  "vary",
]);
