import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { busyPhoto } from "../../../tests/fixtures/busy-photo.mjs";
import { loadConfig } from "./env.server";
import {
  acceptProfileImage,
  ImageError,
  PROFILE_MAX_BYTES,
  pngToJpeg,
  processProfileImage,
  squarePng,
  textWidths,
} from "./images.server";

const square = () => sharp({ create: { width: 64, height: 64, channels: 3, background: "#336699" } });

describe("processProfileImage", () => {
  it("serves even a busy photo as a 256 px WebP within the card page's budget", async () => {
    const photo = await busyPhoto();
    const plain = await sharp(photo).resize(256, 256).webp({ quality: 78 }).toBuffer();
    expect(plain.length).toBeGreaterThan(PROFILE_MAX_BYTES); // the budget has work to do

    const { webp, jpeg, hash } = await processProfileImage(photo);
    expect(webp.length).toBeLessThanOrEqual(PROFILE_MAX_BYTES);
    const meta = await sharp(webp).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 256, 256]);
    const jpegMeta = await sharp(jpeg).metadata();
    expect([jpegMeta.format, jpegMeta.width, jpegMeta.height]).toEqual(["jpeg", 256, 256]);
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
  });

  it("works on two images at a time, lets eight wait, and refuses more at once instead of queueing them", async () => {
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#336699" } })
      .jpeg()
      .toBuffer();
    const outcomes = await Promise.allSettled(Array.from({ length: 14 }, () => processProfileImage(photo)));
    const refused = outcomes.filter((o) => o.status === "rejected");
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(10);
    expect(refused).toHaveLength(4);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(ImageError);
      expect((r.reason as Error).message).toBe(
        "We are busy processing other images. Please try again in a minute.",
      );
    }
    // Every slot is free again afterwards.
    const again = await Promise.allSettled(Array.from({ length: 10 }, () => processProfileImage(photo)));
    expect(again.every((o) => o.status === "fulfilled")).toBe(true);
  });

  it("keeps the better quality when a photo is already small", async () => {
    const flat = await sharp({ create: { width: 800, height: 800, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    const { webp } = await processProfileImage(flat);
    expect(webp.length).toBeLessThan(2 * 1024);
  });

  it("gives a transparent PNG a white background in the vCard's JPEG", async () => {
    const clear = await sharp({
      create: { width: 300, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const { jpeg } = await processProfileImage(clear);
    const { dominant } = await sharp(jpeg).stats();
    expect(dominant).toEqual({ r: 248, g: 248, b: 248 });
  });

  it("refuses what is not a raster image", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    await expect(processProfileImage(svg)).rejects.toThrow(ImageError);
    await expect(processProfileImage(Buffer.from("not an image"))).rejects.toThrow(
      "Please select an image file",
    );
  });
});

describe("acceptProfileImage", () => {
  function setup() {
    const config = loadConfig({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "images-")) });
    const stored = () => {
      const dir = path.join(config.dataDir, "uploads", "profiles");
      return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
    };
    return { config, stored };
  }
  // The browser's Content-Type decides nothing: every file claims to be a PNG.
  const file = (bytes: Buffer, name = "photo.png") =>
    new File([new Uint8Array(bytes)], name, { type: "image/png" });

  it("accepts JPEG, PNG, WebP and GIF, and stores the WebP and its JPEG twin", async () => {
    const { config, stored } = setup();
    const samples = {
      jpeg: await square().jpeg().toBuffer(),
      png: await square().png().toBuffer(),
      webp: await square().webp().toBuffer(),
      gif: await square().gif().toBuffer(),
    };
    for (const [format, bytes] of Object.entries(samples)) {
      const outcome = await acceptProfileImage(config, new File([new Uint8Array(bytes)], `a.${format}`));
      expect(outcome, format).toEqual({
        ok: true,
        url: expect.stringMatching(/^\/uploads\/profiles\/[0-9a-f]{32}\.webp$/),
      });
      const name = path.basename((outcome as { url: string }).url, ".webp");
      expect(stored(), format).toEqual(expect.arrayContaining([`${name}.webp`, `${name}.jpg`]));
    }
  });

  it("refuses TIFF, HEIF, AVIF and SVG with a clear message, and stores nothing", async () => {
    const { config, stored } = setup();
    const avif = await square().avif().toBuffer();
    // The same file under HEIC's brand: what an iPhone sends.
    const heic = Buffer.from(avif);
    heic.write("heic", avif.indexOf("ftyp") + 4, "latin1");
    const refused = {
      tiff: await square().tiff().toBuffer(),
      heic,
      avif,
      svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect/></svg>'),
    };
    for (const [format, bytes] of Object.entries(refused)) {
      expect(await acceptProfileImage(config, file(bytes)), format).toEqual({
        ok: false,
        status: 400,
        message: "Please select an image file",
      });
    }
    expect(stored()).toEqual([]);
  });

  it("refuses an image over 24 megapixels before decoding it, however small the file", async () => {
    const { config, stored } = setup();
    const huge = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: "#fff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(200 * 1024);
    expect(await acceptProfileImage(config, file(huge))).toEqual({
      ok: false,
      status: 400,
      message: "Image should be at most 24 megapixels",
    });
    expect(stored()).toEqual([]);
  });

  it("refuses a missing, empty or over-5 MB file with the form's messages", async () => {
    const { config, stored } = setup();
    expect(await acceptProfileImage(config, null)).toMatchObject({ message: "Please select an image file" });
    expect(await acceptProfileImage(config, "photo.png")).toMatchObject({
      message: "Please select an image file",
    });
    expect(await acceptProfileImage(config, file(Buffer.alloc(0)))).toMatchObject({
      message: "Please select an image file",
    });
    const padded = Buffer.concat([await square().png().toBuffer(), Buffer.alloc(5 * 1024 * 1024)]);
    expect(await acceptProfileImage(config, file(padded))).toEqual({
      ok: false,
      status: 400,
      message: "Image should be less than 5MB",
    });
    expect(stored()).toEqual([]);
  });
});

describe("the server's own pictures", () => {
  it("makes a square PNG of a picture, kept whole on transparency", async () => {
    const wide = await sharp({ create: { width: 200, height: 100, channels: 3, background: "#336699" } })
      .webp()
      .toBuffer();
    const png = await squarePng(wide, 64);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([64, 64, 4]);
    expect(data[3]).toBe(0); // the top-left corner is padding
    expect(data[(32 * 64 + 32) * 4 + 3]).toBe(255);
  });

  it("turns a transparent PNG into a JPEG on white", async () => {
    const clear = await sharp({ create: { width: 8, height: 8, channels: 4, background: "#00000000" } })
      .png()
      .toBuffer();
    const jpeg = await pngToJpeg(clear, 80);
    expect((await sharp(jpeg).metadata()).format).toBe("jpeg");
    const data = await sharp(jpeg).raw().toBuffer();
    expect([...data.subarray(0, 3)]).toEqual([255, 255, 255]);
  });

  it("measures text as Pango draws it, spaces at its ends included", async () => {
    const [word = 0, spaced = 0, both = 0, none = 1] = await textWidths(
      ["Zoë", "Zoë ", "Zoë Smith", ""],
      "DejaVu Sans, Bold 60",
    );
    expect(spaced).toBeGreaterThan(word + 10);
    expect(both).toBeGreaterThan(spaced + 100);
    expect(none).toBe(0);
  });
});
