// The only module that imports sharp (on first use, as a start does not need it), and the one rule for uploaded
// profile images (the card form's upload and the update request's new photo). Images are decoded once and
// re-encoded, never stored as sent: that drops SVG, scripts, metadata and polyglot payloads.
import { createHash } from "node:crypto";
import type { Metadata, OutputInfo } from "sharp";
import { IMAGE_MAX_BYTES } from "~/schemas/card-page";
import type { Config } from "./env.server";
import { storeDesignImage, storeProfileImage } from "./storage.server";

// Node loads a module once; later imports get the same one.
const loadSharp = async () => (await import("sharp")).default;

export class ImageError extends Error {
  override name = "ImageError";
}

const IMAGE_MESSAGES = {
  notAnImage: "Please select an image file",
  tooLarge: "Image should be less than 5MB",
  tooManyPixels: "Image should be at most 24 megapixels",
  failed: "Failed to upload image. Please try again.",
  badName: "Please rename the file: its name may not contain folders or control characters",
  busy: "We are busy processing other images. Please try again in a minute.",
} as const;

/** Refused because too many images are already waiting: nothing is wrong with the file. */
class ImageBusyError extends ImageError {
  override name = "ImageBusyError";
}

/**
 * Image work runs on libuv's thread pool (4 threads), which password hashing (scrypt) shares: at most two images
 * are processed at once, so sign-ins never wait behind uploads. A few more wait their turn; beyond that an upload
 * is refused at once rather than queued without bound.
 */
const IMAGE_SLOTS = 2;
const IMAGE_QUEUE = 8;
let imagesRunning = 0;
const imagesWaiting: (() => void)[] = [];

/** Runs work in an image slot. Decides synchronously whether to run, wait or refuse. */
async function withImageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (imagesRunning < IMAGE_SLOTS) imagesRunning++;
  else if (imagesWaiting.length >= IMAGE_QUEUE) throw new ImageBusyError(IMAGE_MESSAGES.busy);
  else await new Promise<void>((resolve) => imagesWaiting.push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, so the count never dips and lets a newcomer jump the queue.
    const next = imagesWaiting.shift();
    if (next) next();
    else imagesRunning--;
  }
}

/**
 * A browser sends a file's own name, never a path. A name with a folder separator, a parent folder or a control
 * character was crafted; the name is never used for storage, but such a request is refused rather than trusted.
 */
const hasUnsafeFileName = (name: string) =>
  name.length > 255 ||
  name === "." ||
  name === ".." ||
  [...name].some((c) => c === "/" || c === "\\" || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** A 6000 x 4000 photo; decoding more would let one upload hold hundreds of megabytes. */
const PROFILE_MAX_PIXELS = 24_000_000;

/** The profile photo is shown at 112 CSS px; 256 px covers 2x screens with room to spare. */
const PROFILE_SIZE = 256;
/** A card page's photo must stay small (25 KB at 2x); busy photos are encoded again at lower quality. */
export const PROFILE_MAX_BYTES = 25 * 1024;
const WEBP_QUALITIES = [78, 68, 58, 48, 38, 28];

type AcceptedFormat = "jpeg" | "png" | "webp" | "gif";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The format the file's first bytes announce, among the four every browser shows. Anything else (TIFF, HEIF,
 * AVIF, SVG, PDF...) never reaches a decoder, whatever the browser said the file was.
 */
function sniffFormat(bytes: Buffer): AcceptedFormat | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return "png";
  const head = bytes.subarray(0, 12).toString("latin1");
  if (head.startsWith("GIF87a") || head.startsWith("GIF89a")) return "gif";
  if (head.startsWith("RIFF") && head.slice(8, 12) === "WEBP") return "webp";
  return null;
}

export type ProcessedProfileImage = { hash: string; webp: Buffer; jpeg: Buffer };

/** Checks, decodes and re-encodes one image, in an image slot (withImageSlot). */
export function processProfileImage(input: Buffer): Promise<ProcessedProfileImage> {
  const format = sniffFormat(input);
  if (!format) return Promise.reject(new ImageError(IMAGE_MESSAGES.notAnImage));
  return withImageSlot(() => encodeProfileImage(input, format));
}

type Resize = { width: number; height: number; fit: "cover" | "contain" };

/**
 * The one decode of an upload, checked first by its header (format, size) and then straight to the size asked
 * for, kept as raw pixels for every encoding that follows.
 */
async function decodeTo(input: Buffer, format: AcceptedFormat, size: Resize) {
  const sharp = await loadSharp();
  let header: Metadata;
  try {
    // Reads the header only: the size is known before a single pixel is decoded. No pixel limit here, so a
    // huge declared size gets its own message below rather than "not an image".
    header = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageError(IMAGE_MESSAGES.notAnImage);
  }
  if (header.format !== format || !header.width || !header.height)
    throw new ImageError(IMAGE_MESSAGES.notAnImage);
  if (header.width * header.height > PROFILE_MAX_PIXELS) throw new ImageError(IMAGE_MESSAGES.tooManyPixels);
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    const resized = sharp(input, { limitInputPixels: PROFILE_MAX_PIXELS, animated: false })
      .rotate()
      .resize(size.width, size.height, {
        fit: size.fit,
        position: "attention",
        background: { r: 0, g: 0, b: 0, alpha: 0 },
      });
    // A logo kept whole is padded with transparency; a cropped photo has no need of an alpha channel.
    decoded = await (size.fit === "contain" ? resized.ensureAlpha() : resized)
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new ImageError(IMAGE_MESSAGES.notAnImage);
  }
  const { width, height, channels } = decoded.info;
  return (resize?: { width: number; height: number }) => {
    const pixels = sharp(decoded.data, { raw: { width, height, channels } });
    return resize ? pixels.resize(resize.width, resize.height) : pixels;
  };
}

/** WebP at the best quality that fits the size allowed. */
async function webpWithin(pixels: () => import("sharp").Sharp, maxBytes: number) {
  let webp = await pixels().webp({ quality: WEBP_QUALITIES[0], effort: 4 }).toBuffer();
  for (const quality of WEBP_QUALITIES.slice(1)) {
    if (webp.length <= maxBytes) break;
    webp = await pixels().webp({ quality, effort: 4 }).toBuffer();
  }
  return webp;
}

const hashOf = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex").slice(0, 32);

async function encodeProfileImage(input: Buffer, format: AcceptedFormat): Promise<ProcessedProfileImage> {
  const pixels = await decodeTo(input, format, { width: PROFILE_SIZE, height: PROFILE_SIZE, fit: "cover" });
  const webp = await webpWithin(() => pixels(), PROFILE_MAX_BYTES);
  // JPEG for the vCard: contact apps read it everywhere, WebP not.
  const jpeg = await pixels().flatten({ background: "#ffffff" }).jpeg({ quality: 80 }).toBuffer();
  return { hash: hashOf(webp), webp, jpeg };
}

/**
 * A card design's images: the cover is a banner cropped to 3:1 across the card, the logo is kept whole in a
 * square beside the name. Each is made in the widths the page's srcset offers (1x and 2x screens), no larger.
 */
export const DESIGN_IMAGES = {
  cover: { folder: "covers", width: 880, height: 293, fit: "cover", widths: [440, 880], maxBytes: 60 * 1024 },
  logo: { folder: "logos", width: 96, height: 96, fit: "contain", widths: [48, 96], maxBytes: 12 * 1024 },
} as const;
export type DesignImageKind = keyof typeof DESIGN_IMAGES;
type ProcessedDesignImage = { hash: string; files: { width: number; webp: Buffer }[] };

function processDesignImage(input: Buffer, kind: DesignImageKind): Promise<ProcessedDesignImage> {
  const format = sniffFormat(input);
  if (!format) return Promise.reject(new ImageError(IMAGE_MESSAGES.notAnImage));
  const shape = DESIGN_IMAGES[kind];
  return withImageSlot(async () => {
    const pixels = await decodeTo(input, format, shape);
    const files = [];
    for (const width of shape.widths) {
      const height = Math.round((shape.height * width) / shape.width);
      files.push({ width, webp: await webpWithin(() => pixels({ width, height }), shape.maxBytes) });
    }
    return { hash: hashOf(files.at(-1)!.webp), files };
  });
}

export type ProfileImageOutcome =
  | { ok: true; url: string }
  | { ok: false; status: 400 | 503; message: string }
  | { ok: false; status: 500; message: string; cause: unknown };

/**
 * An uploaded profile image, checked (present, at most 5 MB, a plain file name, JPEG/PNG/WebP/GIF by its
 * content, at most 24 megapixels), re-encoded and stored. Returns the stored URL, or why not with the message for the form; nothing
 * is stored for a refused file.
 */
export async function acceptProfileImage(config: Config, file: unknown): Promise<ProfileImageOutcome> {
  return acceptUpload(file, async (bytes) => storeProfileImage(config, await processProfileImage(bytes)));
}

/** A cover or logo for a card's design, checked as a profile image is, made in its widths and stored. */
export async function acceptDesignImage(
  config: Config,
  kind: DesignImageKind,
  file: unknown,
): Promise<ProfileImageOutcome> {
  return acceptUpload(file, async (bytes) =>
    storeDesignImage(config, DESIGN_IMAGES[kind].folder, await processDesignImage(bytes, kind)),
  );
}

/** The checks every upload passes before a pixel is decoded, then the work, and its outcome for the form. */
async function acceptUpload(
  file: unknown,
  store: (bytes: Buffer) => Promise<string>,
): Promise<ProfileImageOutcome> {
  if (!(file instanceof File) || file.size === 0)
    return { ok: false, status: 400, message: IMAGE_MESSAGES.notAnImage };
  if (file.size > IMAGE_MAX_BYTES) return { ok: false, status: 400, message: IMAGE_MESSAGES.tooLarge };
  if (hasUnsafeFileName(file.name)) return { ok: false, status: 400, message: IMAGE_MESSAGES.badName };
  try {
    return { ok: true, url: await store(Buffer.from(await file.arrayBuffer())) };
  } catch (error) {
    if (error instanceof ImageBusyError) return { ok: false, status: 503, message: error.message };
    if (error instanceof ImageError) return { ok: false, status: 400, message: error.message };
    return { ok: false, status: 500, message: IMAGE_MESSAGES.failed, cause: error };
  }
}

/** A small placeholder portrait for the demo card (a plain gradient, generated, no file shipped). */
export async function demoPortrait() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4f46e5"/><stop offset="1" stop-color="#0ea5e9"/></linearGradient></defs><rect width="256" height="256" fill="url(#g)"/><circle cx="128" cy="100" r="46" fill="#fff" fill-opacity=".85"/><ellipse cx="128" cy="236" rx="84" ry="70" fill="#fff" fill-opacity=".85"/></svg>`;
  const sharp = await loadSharp();
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return processProfileImage(png);
}

/** A picture laid over a drawing: a square at (left, top), cut to a circle when `round`. */
export interface DrawnPicture {
  image: Buffer;
  left: number;
  top: number;
  size: number;
  round: boolean;
}

/**
 * The server's own images (a card's link preview): an SVG drawing with pictures laid over it, as a PNG, in an
 * image slot like an upload. The pictures are images this server stored, never a visitor's file.
 */
export function drawPng(svg: string, pictures: DrawnPicture[] = []): Promise<Buffer> {
  return withImageSlot(async () => {
    const sharp = await loadSharp();
    const layers = await Promise.all(
      pictures.map(async ({ image, left, top, size, round }) => {
        const square = await sharp(image).resize(size, size, { fit: "cover" }).ensureAlpha().png().toBuffer();
        if (!round) return { input: square, left, top };
        const r = size / 2;
        const mask = Buffer.from(
          `<svg width="${size}" height="${size}"><circle cx="${r}" cy="${r}" r="${r}"/></svg>`,
        );
        const input = await sharp(square)
          .composite([{ input: mask, blend: "dest-in" }])
          .png()
          .toBuffer();
        return { input, left, top };
      }),
    );
    return sharp(Buffer.from(svg)).composite(layers).png({ compressionLevel: 9 }).toBuffer();
  });
}

/** An image as a PNG square of `size` pixels, kept whole on transparency: a picture to embed in an SVG file. */
export function squarePng(image: Buffer, size: number): Promise<Buffer> {
  return withImageSlot(async () => {
    const sharp = await loadSharp();
    const clear = { r: 0, g: 0, b: 0, alpha: 0 };
    return sharp(image).resize(size, size, { fit: "contain", background: clear }).png().toBuffer();
  });
}

/** A PNG as a JPEG on white (JPEG has no transparency), for apps that take no PNG. */
export function pngToJpeg(png: Buffer, quality: number): Promise<Buffer> {
  return withImageSlot(async () => {
    const sharp = await loadSharp();
    return sharp(png).flatten({ background: "#ffffff" }).jpeg({ quality }).toBuffer();
  });
}

/** Each Pango markup's advance in px as an SVG's <text> draws it (same fonts); Pango crops to ink, hence bars. */
export const textWidths = (markups: string[], font: string): Promise<number[]> =>
  withImageSlot(async () => {
    const sharp = await loadSharp();
    const ink = async (m: string) =>
      (await sharp({ text: { text: `|${m}|`, font, dpi: 72 } }).metadata()).width;
    const [bars = 0, ...widths] = await Promise.all(["", ...markups].map(ink));
    return widths.map((w) => w - bars);
  });
