// The build's content-hashed files (build/client/assets): compressed once when they are built, at the best levels,
// and served from memory in the encoding the browser accepts. The JavaScript budget test reads the same choice.
// The text files at the top of build/client (the favicon) are served the same way, cached for an hour as their
// names do not change with their content: no file stream and no compression stream per request.
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";
import {
  chooseEncoding,
  type Encoding,
  type Precompressed,
  precompressed,
  sendPrecompressed,
} from "../app/server/platform/compressed-page.server.ts";

/** Encodings written next to each file at build time, most compact first: the first one a browser accepts is sent. */
const ENCODINGS = [
  {
    name: "br",
    suffix: ".br",
    compress: (body: Buffer) =>
      brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
  },
  { name: "gzip", suffix: ".gz", compress: (body: Buffer) => gzipSync(body, { level: 9 }) },
] as const;

/** The types worth compressing; anything else in the folder is left to the plain static handler. */
const TEXT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
};

const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";

/**
 * Writes `file.br` and `file.gz` for every text file under `dir` (source maps excepted), each only when it is
 * smaller than the file itself, whatever the file's size. A variant newer than its file is kept.
 */
export function precompressDir(dir: string) {
  for (const file of listFiles(dir)) {
    if (!(path.extname(file) in TEXT_TYPES)) continue;
    const body = fs.readFileSync(file);
    const mtime = fs.statSync(file).mtimeMs;
    for (const encoding of ENCODINGS) {
      const target = file + encoding.suffix;
      if ((fs.statSync(target, { throwIfNoEntry: false })?.mtimeMs ?? 0) >= mtime) continue;
      const compressed = encoding.compress(body);
      if (compressed.length < body.length) fs.writeFileSync(target, compressed);
      else fs.rmSync(target, { force: true });
    }
  }
}

/** Vite plugin: compresses the files of `dir` once the client build has written them. */
export function precompressAssets(dir: string): Plugin {
  return { name: "precompress-assets", apply: "build", closeBundle: () => precompressDir(dir) };
}

/** A file as it was built, with the compressed forms that came out smaller than it. */
interface Asset {
  type: string;
  identity: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  forms: Encoding[];
}

/**
 * Every text file under `dir` (or only at its top with `topOnly`) with its compressed forms, by URL path
 * relative to `dir` ("/x-hash.js").
 */
export function loadAssets(dir: string, { topOnly = false } = {}): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  for (const file of listFiles(dir, { recursive: !topOnly })) {
    const type = TEXT_TYPES[path.extname(file)];
    if (!type) continue;
    const body = fs.readFileSync(file);
    const asset: Asset = { type, identity: body, forms: [] };
    for (const { name, suffix, compress } of ENCODINGS) {
      // A file the build left without its variants (written after the build compressed) is compressed here, once.
      const compressed = fs.existsSync(file + suffix) ? fs.readFileSync(file + suffix) : compress(body);
      if (compressed.length < body.length) {
        asset[name] = compressed;
        asset.forms.push(name);
      }
    }
    asset.forms.push("identity");
    assets.set(`/${path.relative(dir, file).split(path.sep).join("/")}`, asset);
  }
  return assets;
}

/** The bytes that go out for a request with this Accept-Encoding. */
export function chooseVariant(asset: Asset, acceptEncoding: string | undefined) {
  const form = chooseEncoding(acceptEncoding, asset.forms);
  return { body: asset[form] ?? asset.identity, encoding: form };
}

/**
 * Connect middleware for the assets folder, mounted at its URL: GET and HEAD of a known file are answered from
 * memory with immutable caching; anything else goes on (to the plain static handler, then the 404 page).
 */
export function serveAssets(dir: string) {
  return serveFromMemory(loadAssets(dir), IMMUTABLE_CACHE);
}

/** The same for the text files at the top of `dir`, mounted at the root, whose names stay when they change. */
export function serveTopFiles(dir: string) {
  return serveFromMemory(loadAssets(dir, { topOnly: true }), TOP_FILES_CACHE);
}

const TOP_FILES_CACHE = "public, max-age=3600";

function serveFromMemory(assets: Map<string, Asset>, cacheControl: string) {
  const ready = new Map<string, Precompressed>();
  for (const [url, { type, identity, gzip, br }] of assets)
    ready.set(url, precompressed({ identity, gzip, br }, { cacheControl, shared: ["Content-Type", type] }));
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const asset =
      req.method === "GET" || req.method === "HEAD" ? ready.get((req.url ?? "").split("?")[0]!) : undefined;
    if (!asset) return next();
    sendPrecompressed(req, res, asset);
  };
}

function listFiles(dir: string, { recursive = true } = {}): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}
