// The only module that imports the S3 SDK, on first use: most shops keep files on disk, and loading the SDK would
// cost every start a tenth of a second. Files go to DATA_DIR/uploads by default, or to an S3-compatible bucket
// when S3_BUCKET is set. Names are content hashes, so they can be cached for a year.
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { S3Client } from "@aws-sdk/client-s3";
import type { Config } from "./env.server";

export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  /** Removes a file; a file that is already gone is not an error. */
  delete(key: string): Promise<void>;
  /** The key behind a public URL this storage produced, or null. */
  keyFromUrl(url: string): string | null;
}

export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
const LOCAL_UPLOADS_PATH = "/uploads/";

const stores = new WeakMap<Config, Storage>();

function getStorage(config: Config): Storage {
  let store = stores.get(config);
  if (!store) {
    store = config.s3 ? s3Storage(config.s3) : localStorage(path.join(config.dataDir, "uploads"));
    stores.set(config, store);
  }
  return store;
}

export function localUploadsDir(config: Config) {
  return path.join(config.dataDir, "uploads");
}

function safeKey(key: string) {
  if (!/^[a-z0-9-]+\/[a-z0-9]+\.[a-z0-9]+$/.test(key)) throw new Error(`Invalid storage key ${key}`);
  return key;
}

function localStorage(dir: string): Storage {
  return {
    async put(key, body) {
      const file = path.join(dir, safeKey(key));
      await fs.mkdir(path.dirname(file), { recursive: true });
      await writeWhole(file, body);
      return `${LOCAL_UPLOADS_PATH}${key}`;
    },
    async get(key) {
      return fs.readFile(path.join(dir, safeKey(key))).catch(() => null);
    },
    async delete(key) {
      await fs.rm(path.join(dir, safeKey(key)), { force: true });
    },
    keyFromUrl(url) {
      return url.startsWith(LOCAL_UPLOADS_PATH) ? url.slice(LOCAL_UPLOADS_PATH.length) : null;
    },
  };
}

/**
 * Writes a file so that it is either there whole or not changed: into a hidden temporary file beside it, then
 * renamed over it. Names are content hashes, so the same photo uploaded again rewrites a file pages already
 * show; written in place, a process killed halfway (or a visitor reading meanwhile) would get a cut-off image.
 */
async function writeWhole(file: string, body: Buffer) {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
  try {
    const handle = await fs.open(temporary, "wx");
    try {
      await handle.writeFile(body);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

function s3Storage(s3: NonNullable<Config["s3"]>): Storage {
  let connection: Promise<{ sdk: typeof import("@aws-sdk/client-s3"); client: S3Client }> | undefined;
  const connect = () => {
    connection ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: s3.region,
        endpoint: s3.endpoint,
        forcePathStyle: Boolean(s3.endpoint),
        credentials:
          s3.accessKeyId && s3.secretAccessKey
            ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
            : undefined,
      }),
    }));
    return connection;
  };
  const base = (
    s3.publicUrl ?? (s3.endpoint ? `${s3.endpoint}/${s3.bucket}` : `https://${s3.bucket}.s3.amazonaws.com`)
  ).replace(/\/+$/, "");
  return {
    async put(key, body, contentType) {
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: s3.bucket,
          Key: safeKey(key),
          Body: body,
          ContentType: contentType,
          CacheControl: IMMUTABLE_CACHE,
        }),
      );
      return `${base}/${key}`;
    },
    async get(key) {
      const { sdk, client } = await connect();
      try {
        const out = await client.send(new sdk.GetObjectCommand({ Bucket: s3.bucket, Key: safeKey(key) }));
        return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : null;
      } catch {
        return null;
      }
    },
    async delete(key) {
      const { sdk, client } = await connect();
      // S3 answers a delete of a missing key with success too.
      await client.send(new sdk.DeleteObjectCommand({ Bucket: s3.bucket, Key: safeKey(key) }));
    },
    keyFromUrl(url) {
      return url.startsWith(`${base}/`) ? url.slice(base.length + 1) : null;
    },
  };
}

/** Stores a processed profile image: WebP for the page, JPEG beside it for the vCard. */
export async function storeProfileImage(
  config: Config,
  image: { hash: string; webp: Buffer; jpeg: Buffer },
): Promise<string> {
  const storage = getStorage(config);
  await storage.put(`profiles/${image.hash}.jpg`, image.jpeg, "image/jpeg");
  return storage.put(`profiles/${image.hash}.webp`, image.webp, "image/webp");
}

const PROFILE_IMAGE_KEY = /^profiles\/[a-f0-9]{32}\.webp$/;

/** True only for a URL storeProfileImage gives out with this configuration: never another site's. */
export function isStoredProfileImageUrl(config: Config, url: string) {
  const key = getStorage(config).keyFromUrl(url);
  return key !== null && PROFILE_IMAGE_KEY.test(key);
}

/** The JPEG twin of a stored profile image, for embedding in a vCard. */
export async function readProfileJpeg(config: Config, profileImageUrl: string) {
  const storage = getStorage(config);
  const key = storage.keyFromUrl(profileImageUrl);
  if (!key) return null;
  return storage.get(key.replace(/\.webp$/, ".jpg"));
}

/** Stores a design image in each of its widths; the URL given out is the widest (`{folder}/{hash}w{width}.webp`). */
export async function storeDesignImage(
  config: Config,
  folder: string,
  image: { hash: string; files: { width: number; webp: Buffer }[] },
) {
  const storage = getStorage(config);
  let url = "";
  for (const { width, webp } of image.files)
    url = await storage.put(`${folder}/${image.hash}w${width}.webp`, webp, "image/webp");
  return url;
}

const DESIGN_IMAGE_KEY = /^(covers|logos)\/[a-f0-9]{32}w\d+\.webp$/;

/** The URL of a stored design image in another of its widths. */
export function designImageUrl(url: string, width: number) {
  return url.replace(/w\d+\.webp$/, `w${width}.webp`);
}

/** A stored design image (a cover or logo) in one of its widths, or null: never another site's file. */
export async function readDesignImage(config: Config, url: string, width: number) {
  const storage = getStorage(config);
  const key = storage.keyFromUrl(designImageUrl(url, width));
  return key && DESIGN_IMAGE_KEY.test(key) ? storage.get(key) : null;
}

/** Deletes a stored design image in all its widths. Only for an image nothing refers to any more. */
export async function deleteDesignImage(config: Config, url: string, widths: readonly number[]) {
  const storage = getStorage(config);
  const key = storage.keyFromUrl(url);
  if (!key || !DESIGN_IMAGE_KEY.test(key)) return false;
  for (const width of widths) await storage.delete(designImageUrl(key, width));
  return true;
}

/** Deletes a stored profile image and its JPEG twin. Only for an image nothing refers to any more. */
export async function deleteProfileImage(config: Config, profileImageUrl: string) {
  const storage = getStorage(config);
  const key = storage.keyFromUrl(profileImageUrl);
  if (!key || !/^profiles\/[a-z0-9]+\.webp$/.test(key)) return false;
  await storage.delete(key.replace(/\.webp$/, ".jpg"));
  await storage.delete(key);
  return true;
}
