import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenLocally, rawRequest } from "../tests/support/raw-http";
import { COMPRESSION_THRESHOLD, sendWholeResponse } from "./whole-response";

const page = `<!DOCTYPE html><html><body>${"<p>A card, tapped on any phone, opens its page.</p>".repeat(60)}</body></html>`;

/** The answers the app under test gives, by path, as React Router would hand them over. */
const answers: Record<string, () => Response> = {
  "/page": () => new Response(page, { headers: { "Content-Type": "text/html; charset=utf-8" } }),
  "/small": () => new Response("<p>Hi</p>", { headers: { "Content-Type": "text/html; charset=utf-8" } }),
  "/image": () => new Response(new Uint8Array(4000).fill(7), { headers: { "Content-Type": "image/png" } }),
  "/as-is": () =>
    new Response(page, { headers: { "Content-Type": "text/html", "Cache-Control": "no-transform" } }),
  "/cookies": () => {
    const headers = new Headers({ "Content-Type": "text/plain", "X-Frame-Options": "SAMEORIGIN" });
    headers.append("Set-Cookie", "a=1; Path=/");
    headers.append("Set-Cookie", "b=2; Path=/");
    return new Response("ok", { status: 201, headers });
  },
  "/redirect": () => new Response(null, { status: 302, headers: { Location: "/login" } }),
};

let origin: string;
let close: () => Promise<void>;

beforeAll(async () => {
  const app = express();
  app.use((_req, res, next) => {
    // A header every answer carries, set before the app's own (as the site's headers are).
    res.setHeader("X-Frame-Options", "DENY");
    next();
  });
  app.use((req, res, next) => {
    const answer = answers[req.path];
    if (!answer) return next();
    sendWholeResponse(res, answer()).catch(next);
  });
  ({ origin, close } = await listenLocally(app));
});

afterAll(() => close());

const get = (path: string, acceptEncoding?: string, method = "GET") =>
  rawRequest(`${origin}${path}`, acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {}, method);

describe("answers sent whole", () => {
  it("sends a page in brotli to a browser that takes it, with its length and Vary", async () => {
    const res = await get("/page", "gzip, deflate, br, zstd");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-length"]).toBe(String(res.body.length));
    expect(res.headers["transfer-encoding"]).toBeUndefined();
    expect(res.headers.vary).toBe("Accept-Encoding");
    expect(res.body.length).toBeLessThan(page.length / 5);
    expect(brotliDecompressSync(res.body).toString()).toBe(page);
  });

  it("sends gzip when brotli is not taken, and the page as it is when neither is", async () => {
    const gzip = await get("/page", "br;q=0, gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(page);

    for (const accept of [undefined, "identity", "gzip;q=0, br;q=0"]) {
      const plain = await get("/page", accept);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body.toString()).toBe(page);
      expect(plain.headers["content-length"]).toBe(String(Buffer.byteLength(page)));
    }
  });

  it("leaves small bodies, images and answers marked no-transform as they are", async () => {
    const small = await get("/small", "br");
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body.toString()).toBe("<p>Hi</p>");
    expect(small.body.length).toBeLessThan(COMPRESSION_THRESHOLD);

    const image = await get("/image", "br, gzip");
    expect(image.headers["content-encoding"]).toBeUndefined();
    expect(image.headers.vary).toBeUndefined();
    expect(image.body.equals(Buffer.alloc(4000, 7))).toBe(true);

    const asIs = await get("/as-is", "br, gzip");
    expect(asIs.headers["content-encoding"]).toBeUndefined();
    expect(asIs.body.toString()).toBe(page);
  });

  it("keeps every cookie and the status, and the answer's own header over the one set before", async () => {
    const res = await get("/cookies");
    expect(res.status).toBe(201);
    expect(res.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(res.body.toString()).toBe("ok");
  });

  it("sends a redirect without a body, and no body for HEAD", async () => {
    const redirect = await get("/redirect", "br");
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toBe("/login");
    expect(redirect.body.length).toBe(0);

    const head = await get("/page", "br", "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["x-frame-options"]).toBe("DENY");
    expect(head.body.length).toBe(0);
  });
});
