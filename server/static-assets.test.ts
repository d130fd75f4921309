import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenLocally, rawRequest } from "../tests/support/raw-http";
import { precompressDir, serveAssets, serveTopFiles } from "./static-assets";

const small = "export const greeting = 'hello, hello, hello, hello, hello, hello';\n".repeat(4);
const large = Array.from({ length: 2000 }, (_, i) => `export const value${i} = ${i};`).join("\n");
const tiny = "x";

let dir: string;
let closeServer: () => Promise<void>;
let origin: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "assets-"));
  fs.mkdirSync(path.join(dir, "islands"));
  fs.writeFileSync(path.join(dir, "small-abc.js"), small);
  fs.writeFileSync(path.join(dir, "islands/large-def.js"), large);
  fs.writeFileSync(path.join(dir, "tiny-ghi.js"), tiny);
  fs.writeFileSync(path.join(dir, "small-abc.js.map"), "{}");
  precompressDir(dir);
  ({ close: closeServer, origin } = await serveWith(serveAssets(dir)));
});

type Middleware = ReturnType<typeof serveAssets>;

/** A server answering through `middleware`, and "next" (404) where the middleware passes a request on. */
function serveWith(middleware: Middleware) {
  return listenLocally((req, res) =>
    middleware(req, res, () => {
      res.statusCode = 404;
      res.end("next");
    }),
  );
}

afterAll(async () => {
  await closeServer();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, method = "GET", base = origin) =>
  rawRequest(`${base}${url}`, headers, method);

describe("assets compressed at build time", () => {
  it("sends brotli to a browser that accepts it, with the headers caches need", async () => {
    const res = await get("/islands/large-def.js", { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toBe("Accept-Encoding");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(brotliDecompressSync(res.body).toString()).toBe(large);
    expect(res.body.length).toBe(fs.statSync(path.join(dir, "islands/large-def.js.br")).size);
  });

  it("sends gzip at the best level when brotli is not accepted", async () => {
    const res = await get("/islands/large-def.js", { "Accept-Encoding": "gzip, br;q=0" });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(res.body).toString()).toBe(large);
  });

  it("compresses a file under 1 KiB too, since it is smaller that way", async () => {
    expect(Buffer.byteLength(small)).toBeLessThan(1024);
    const res = await get("/small-abc.js", { "Accept-Encoding": "gzip" });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.body.length).toBeLessThan(Buffer.byteLength(small));
    expect(gunzipSync(res.body).toString()).toBe(small);
  });

  it("sends a file as it is when compressing would not make it smaller, or nothing is accepted", async () => {
    const tinyRes = await get("/tiny-ghi.js", { "Accept-Encoding": "gzip, br" });
    expect(tinyRes.headers["content-encoding"]).toBeUndefined();
    expect(tinyRes.body.toString()).toBe(tiny);
    const plain = await get("/small-abc.js", {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("Accept-Encoding");
    expect(plain.body.toString()).toBe(small);
  });

  it("answers a repeat visit's If-None-Match with 304 and HEAD without a body", async () => {
    const first = await get("/small-abc.js", { "Accept-Encoding": "br" });
    const again = await get("/small-abc.js", {
      "Accept-Encoding": "br",
      "If-None-Match": first.headers.etag as string,
    });
    expect(again.status).toBe(304);
    const gzip = await get("/small-abc.js", { "Accept-Encoding": "gzip" });
    expect(gzip.headers.etag).not.toBe(first.headers.etag);
    const head = await get("/small-abc.js", { "Accept-Encoding": "br" }, "HEAD");
    expect(head.headers["content-length"]).toBe(String(first.body.length));
    expect(head.body.length).toBe(0);
  });

  it("leaves source maps, unknown paths and other methods to the next handler", async () => {
    expect((await get("/small-abc.js.map")).body.toString()).toBe("next");
    expect((await get("/small-abc.js.gz")).body.toString()).toBe("next");
    expect((await get("/small-abc.js", {}, "POST")).body.toString()).toBe("next");
  });
});

describe("text files at the top of the build", () => {
  const icon = `<svg xmlns="http://www.w3.org/2000/svg">${'<circle r="1"/>'.repeat(40)}</svg>`;
  let top: string;
  let closeTop: () => Promise<void>;
  let topOrigin: string;

  beforeAll(async () => {
    top = fs.mkdtempSync(path.join(os.tmpdir(), "top-files-"));
    fs.writeFileSync(path.join(top, "favicon.svg"), icon);
    fs.writeFileSync(path.join(top, "photo.png"), "not text");
    fs.mkdirSync(path.join(top, "assets"));
    fs.writeFileSync(path.join(top, "assets/app-abc.js"), small);
    ({ close: closeTop, origin: topOrigin } = await serveWith(serveTopFiles(top)));
  });

  afterAll(async () => {
    await closeTop();
    fs.rmSync(top, { recursive: true, force: true });
  });

  const getTop = (url: string, headers: Record<string, string> = {}) => get(url, headers, "GET", topOrigin);

  it("sends the favicon compressed once, cached for an hour since its name does not change", async () => {
    const res = await getTop("/favicon.svg", { "Accept-Encoding": "gzip" });
    expect(res.headers["content-type"]).toBe("image/svg+xml");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
    expect(gunzipSync(res.body).toString()).toBe(icon);
  });

  it("leaves files in folders below and files that are not text to the next handler", async () => {
    expect((await getTop("/assets/app-abc.js")).body.toString()).toBe("next");
    expect((await getTop("/photo.png")).body.toString()).toBe("next");
    expect((await getTop("/favicon.svg?v=2")).status).toBe(200);
  });
});
