// Bytes compressed ahead of time and kept with ready-made header lists (card pages, render-once pages, the build's
// scripts), and the one function that sends them in the encoding the request accepts.
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import Negotiator from "negotiator";
import { siteHeaders } from "./site-headers.server.ts";

export type Encoding = "br" | "gzip" | "identity";

/** Most compact first: of the forms a request accepts equally, the first is sent. */
const PREFERRED: Encoding[] = ["br", "gzip", "identity"];

export interface Precompressed {
  identity: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  /** The forms held, for negotiation. */
  forms: Encoding[];
  /** Flat [name, value, name, value, ...] lists per form (its ETag among them), the cheapest form for writeHead. */
  headers: Partial<Record<Encoding, string[]>>;
  /** Each form's entity tag, and the headers of its 304 (a browser keeps those of a revalidation). */
  etags: Partial<Record<Encoding, string>>;
  notModified: Partial<Record<Encoding, string[]>>;
}

/** The form to send for this Accept-Encoding (`br;q=0` refuses brotli); identity when nothing else is accepted. */
export function chooseEncoding(acceptEncoding: string | undefined, forms: Encoding[]): Encoding {
  const header = acceptEncoding?.slice(0, 500);
  const negotiator = new Negotiator({ headers: { "accept-encoding": header } });
  // Negotiator 1 takes the forms preferred among equals; its published types predate that argument.
  const encoding = negotiator.encoding as (available: string[], opts: { preferred: string[] }) => string;
  return (encoding.call(negotiator, forms, { preferred: PREFERRED }) as Encoding | undefined) ?? "identity";
}

/** What a page rendered for its visitor may go out as: gzip, or as it is (decision 030). */
const RENDERED: Encoding[] = ["gzip", "identity"];

/**
 * A page rendered for its visitor, whole, in the form its request accepts, with Content-Encoding, Vary and
 * Content-Length set on `headers`. Gzip even when brotli is accepted (decision 030). Compressed in one call on
 * the request's thread: a compression stream hands every piece React writes to another thread, and the hand-offs
 * cost more than the compressing (decision 033). As it is when gzip is not accepted (the compression middleware
 * then does what it can).
 */
export function encodeRendered(
  html: Buffer<ArrayBuffer>,
  acceptEncoding: string | null,
  headers: Headers,
): Buffer<ArrayBuffer> {
  headers.append("Vary", "Accept-Encoding");
  const body = chooseEncoding(acceptEncoding ?? undefined, RENDERED) === "gzip" ? gzipSync(html) : html;
  if (body !== html) headers.set("Content-Encoding", "gzip");
  headers.set("Content-Length", String(body.length));
  return body;
}

/** Whether If-None-Match names this entity tag (one or a list). */
function notModified(ifNoneMatch: string | undefined, etag: string) {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch === etag || ifNoneMatch.split(/\s*,\s*/).includes(etag);
}

/**
 * Sends precompressed bytes: 304 when the browser holds them (for a 200), else the form the request accepts.
 * Node leaves out the body of an answer to HEAD.
 */
export function sendPrecompressed(
  req: IncomingMessage,
  res: ServerResponse,
  page: Precompressed,
  status = 200,
) {
  const form = chooseEncoding(req.headers["accept-encoding"], page.forms);
  if (status === 200 && notModified(req.headers["if-none-match"], page.etags[form]!)) {
    res.writeHead(304, page.notModified[form]);
    res.end();
    return;
  }
  res.writeHead(status, page.headers[form]!);
  res.end(req.method === "HEAD" ? undefined : page[form]);
}

/** Lower-case names, as HTTP/2 sends them: Node then matches them without lower-casing each on every answer. */
const lowerCaseNames = (headers: string[]) =>
  headers.map((item, i) => (i % 2 === 0 ? item.toLowerCase() : item));

/**
 * Everything but the bytes, for the forms held: per form its entity tag (the identity's hash, the encoding added
 * to it), its headers (`shared`, caching, length and encoding) and those of its 304 (caching and `kept`).
 */
export function precompressed(
  bodies: Partial<Record<Encoding, Buffer>> & { identity: Buffer },
  opts: { cacheControl: string; shared: string[]; kept?: string[] },
): Precompressed {
  const page: Precompressed = { ...bodies, forms: [], headers: {}, etags: {}, notModified: {} };
  const hash = createHash("sha1").update(bodies.identity).digest("base64url").slice(0, 20);
  for (const form of PREFERRED) {
    const body = bodies[form];
    if (!body) continue;
    const etag = form === "identity" ? `"${hash}"` : `"${hash}-${form}"`;
    const caching = ["Cache-Control", opts.cacheControl, "ETag", etag, "Vary", "Accept-Encoding"];
    const list = [...opts.shared, ...caching, "Content-Length", String(body.length)];
    if (form !== "identity") list.push("Content-Encoding", form);
    page.forms.push(form);
    page.etags[form] = etag;
    page.headers[form] = lowerCaseNames(list);
    page.notModified[form] = lowerCaseNames([...caching, ...(opts.kept ?? [])]);
  }
  return page;
}

/** Compresses (gzip 9, brotli 11) and hashes an HTML page once; `extraHeaders` follow the site's own headers. */
export function compressPage(
  html: string,
  opts: { csp: string; publicUrl: string; extraHeaders?: string[] },
): Precompressed & { gzip: Buffer; br: Buffer } {
  const identity = Buffer.from(html);
  const gzip = gzipSync(identity, { level: 9 });
  const br = brotliCompressSync(identity, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
  });
  const policy = ["Content-Security-Policy", opts.csp];
  const shared = [
    "Content-Type",
    "text/html; charset=utf-8",
    ...policy,
    ...(opts.extraHeaders ?? []),
    ...siteHeaders(opts.publicUrl).flat(),
  ];
  return {
    ...precompressed({ identity, gzip, br }, { cacheControl: "no-cache", shared, kept: policy }),
    gzip,
    br,
  };
}
