// A page compressed once and kept with its ready-made header lists: the card page cache and the marketing page
// cache answer from these before Express, so a hit only writes bytes.
import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { siteHeaders } from "./site-headers.server";

type Encoding = "br" | "gzip" | "identity";

export interface CompressedPage {
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** Flat [name, value, name, value, ...] lists per encoding, the cheapest form for writeHead. */
  headers: Record<Encoding, string[]>;
}

/** Compresses (gzip 9, brotli 11) and hashes the HTML once; `extraHeaders` follow the site's own headers. */
export function compressPage(
  html: string,
  opts: { csp: string; publicUrl: string; extraHeaders?: string[] },
): CompressedPage {
  const identity = Buffer.from(html);
  const gzip = gzipSync(identity, { level: 9 });
  const br = brotliCompressSync(identity, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
  });
  const etag = `"${createHash("sha1").update(identity).digest("base64url").slice(0, 20)}"`;
  const list = (encoding: "br" | "gzip" | null, length: number) => {
    const headers = [
      "Content-Type",
      "text/html; charset=utf-8",
      "Content-Length",
      String(length),
      "Cache-Control",
      "no-cache",
      "ETag",
      etag,
      "Vary",
      "Accept-Encoding",
      "Content-Security-Policy",
      opts.csp,
      ...(opts.extraHeaders ?? []),
      ...siteHeaders(opts.publicUrl).flat(),
    ];
    if (encoding) headers.push("Content-Encoding", encoding);
    // Names in lower case, as HTTP/2 sends them: Node then matches them against the headers it manages without
    // lower-casing each of them again on every response.
    return headers.map((item, i) => (i % 2 === 0 ? item.toLowerCase() : item));
  };
  return {
    etag,
    identity,
    gzip,
    br,
    headers: {
      br: list("br", br.length),
      gzip: list("gzip", gzip.length),
      identity: list(null, identity.length),
    },
  };
}

/**
 * A body compressed while its visitor waits (an answer rendered for one visitor): brotli 4 costs about what
 * gzip 6 does and comes out smaller. Pages shared by every visitor take the best levels instead (compressPage).
 */
export function compressForOneVisitor(body: Buffer, encoding: "br" | "gzip") {
  if (encoding === "gzip") return gzipSync(body, { level: 6 });
  return brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}
