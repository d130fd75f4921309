// The only module that imports sharp. Uploaded images are decoded and re-encoded, never stored as sent:
// that drops SVG, scripts, metadata and polyglot payloads.
import { createHash } from "node:crypto";
import sharp from "sharp";

export class ImageError extends Error {
  override name = "ImageError";
}

/** Raster formats we accept; SVG is refused even though sharp could render it. */
const ACCEPTED = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);

/** The profile photo is shown at 112 CSS px; 256 px covers 2x screens with room to spare. */
const PROFILE_SIZE = 256;
/** A card page's photo must stay small (25 KB at 2x); busy photos are encoded again at lower quality. */
export const PROFILE_MAX_BYTES = 25 * 1024;
const WEBP_QUALITIES = [78, 68, 58, 48, 38, 28];

export type ProcessedProfileImage = { hash: string; webp: Buffer; jpeg: Buffer };

export async function processProfileImage(input: Buffer): Promise<ProcessedProfileImage> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: 40_000_000 }).metadata()).format;
  } catch {
    throw new ImageError("Please select an image file");
  }
  if (!format || !ACCEPTED.has(format)) throw new ImageError("Please select an image file");
  try {
    const base = sharp(input, { limitInputPixels: 40_000_000, animated: false })
      .rotate()
      .resize(PROFILE_SIZE, PROFILE_SIZE, { fit: "cover", position: "attention" });
    let webp = await base.clone().webp({ quality: WEBP_QUALITIES[0], effort: 4 }).toBuffer();
    for (const quality of WEBP_QUALITIES.slice(1)) {
      if (webp.length <= PROFILE_MAX_BYTES) break;
      webp = await base.clone().webp({ quality, effort: 4 }).toBuffer();
    }
    // JPEG for the vCard: contact apps read it everywhere, WebP not.
    const jpeg = await base.clone().flatten({ background: "#ffffff" }).jpeg({ quality: 80 }).toBuffer();
    const hash = createHash("sha256").update(webp).digest("hex").slice(0, 32);
    return { hash, webp, jpeg };
  } catch {
    throw new ImageError("Please select an image file");
  }
}

/** A small placeholder portrait for the demo card (a plain gradient, generated, no file shipped). */
export async function demoPortrait() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4f46e5"/><stop offset="1" stop-color="#0ea5e9"/></linearGradient></defs><rect width="256" height="256" fill="url(#g)"/><circle cx="128" cy="100" r="46" fill="#fff" fill-opacity=".85"/><ellipse cx="128" cy="236" rx="84" ry="70" fill="#fff" fill-opacity=".85"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return processProfileImage(png);
}
