// Which profile image URLs the card form takes (only those this shop's storage gives out), and how files are written.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./env.server";
import {
  deleteProfileImage,
  isStoredProfileImageUrl,
  readProfileJpeg,
  storeProfileImage,
} from "./storage.server";

const hash = "0123456789abcdef0123456789abcdef";
const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "storage-"));

describe("isStoredProfileImageUrl", () => {
  it("takes the local uploads path and nothing else when files are kept on disk", () => {
    const config = loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: "https://shop.test" });
    expect(isStoredProfileImageUrl(config, `/uploads/profiles/${hash}.webp`)).toBe(true);
    for (const url of [
      `https://evil.example/profiles/${hash}.webp`,
      `https://evil.example/uploads/profiles/${hash}.webp`,
      `//evil.example/uploads/profiles/${hash}.webp`,
      `/uploads/profiles/../${hash}.webp`,
      `/uploads/profiles/${hash}.webp?x=1`,
      `/uploads/other/${hash}.webp`,
      `/uploads/profiles/${hash}.jpg`,
    ])
      expect(isStoredProfileImageUrl(config, url), url).toBe(false);
  });

  it("takes the bucket's public URL and nothing else when files are kept in S3", () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      S3_BUCKET: "cards",
      S3_PUBLIC_URL: "https://cdn.shop.test/",
    });
    expect(isStoredProfileImageUrl(config, `https://cdn.shop.test/profiles/${hash}.webp`)).toBe(true);
    for (const url of [
      `/uploads/profiles/${hash}.webp`,
      `https://evil.example/profiles/${hash}.webp`,
      `https://cdn.shop.test.evil.example/profiles/${hash}.webp`,
      `http://cdn.shop.test/profiles/${hash}.webp`,
      `https://cdn.shop.test/profiles/${hash}.webp#x`,
    ])
      expect(isStoredProfileImageUrl(config, url), url).toBe(false);
  });
});

describe("storeProfileImage on disk", () => {
  it("never leaves a file in use cut off while the same name is written again", async () => {
    const config = loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: "https://shop.test" });
    const jpeg = Buffer.alloc(100, 1);
    const url = await storeProfileImage(config, { hash, webp: Buffer.alloc(1000, 2), jpeg });
    const file = path.join(config.dataDir, url.replace(/^\/uploads\//, "uploads/"));
    // A large body is written in many chunks: if the file were rewritten in place, a reader (or a process
    // killed meanwhile) would find it partly written.
    const big = Buffer.alloc(48 * 1024 * 1024, 3);
    let done = false;
    const writing = storeProfileImage(config, { hash, webp: big, jpeg }).finally(() => {
      done = true;
    });
    const seen = new Set<number>();
    for (let i = 0; i < 100_000 && !done; i++) seen.add((await fs.promises.stat(file)).size);
    await writing;
    seen.add(fs.statSync(file).size);
    expect([...seen].filter((size) => size !== 1000 && size !== big.length)).toEqual([]);
    // Nothing temporary is left beside it.
    expect(fs.readdirSync(path.dirname(file)).sort()).toEqual([`${hash}.jpg`, `${hash}.webp`]);
  });
});

describe("storeProfileImage in a bucket", () => {
  it("puts both files, reads the JPEG back and deletes both, through the S3 API over HTTP", async () => {
    // A bucket over HTTP, path-style as S3-compatible stores are addressed: PUT, GET and DELETE of objects.
    const objects = new Map<string, { body: Buffer; type?: string; cache?: string }>();
    const bucket = http.createServer(async (req, res) => {
      const key = new URL(req.url ?? "/", "http://bucket").pathname;
      if (req.method === "PUT") {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk);
        const type = req.headers["content-type"];
        objects.set(key, { body: Buffer.concat(chunks), type, cache: req.headers["cache-control"] });
        return res.writeHead(200, { etag: '"1"' }).end();
      }
      if (req.method === "DELETE") {
        objects.delete(key);
        return res.writeHead(204).end();
      }
      const object = objects.get(key);
      if (!object)
        return res
          .writeHead(404, { "content-type": "application/xml" })
          .end("<Error><Code>NoSuchKey</Code></Error>");
      res
        .writeHead(200, { "content-type": object.type ?? "", "content-length": object.body.length })
        .end(object.body);
    });
    await new Promise<void>((resolve) => bucket.listen(0, "127.0.0.1", resolve));
    try {
      const endpoint = `http://127.0.0.1:${(bucket.address() as AddressInfo).port}`;
      const config = loadConfig({
        DATA_DIR: dataDir(),
        S3_ENDPOINT: endpoint,
        S3_BUCKET: "cards",
        S3_REGION: "auto",
        S3_ACCESS_KEY_ID: "key",
        S3_SECRET_ACCESS_KEY: "secret",
      });
      const jpeg = Buffer.from("jpeg bytes");
      const url = await storeProfileImage(config, { hash, webp: Buffer.from("webp bytes"), jpeg });
      expect(url).toBe(`${endpoint}/cards/profiles/${hash}.webp`);
      expect(objects.get(`/cards/profiles/${hash}.webp`)).toMatchObject({
        body: Buffer.from("webp bytes"),
        type: "image/webp",
        cache: "public, max-age=31536000, immutable",
      });
      expect(await readProfileJpeg(config, url)).toEqual(jpeg);
      expect(await deleteProfileImage(config, url)).toBe(true);
      expect([...objects.keys()]).toEqual([]);
      expect(await readProfileJpeg(config, url)).toBeNull();
    } finally {
      await new Promise((resolve) => bucket.close(resolve));
    }
  });
});
