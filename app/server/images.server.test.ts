import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { busyPhoto } from "../../tests/fixtures/busy-photo.mjs";
import { ImageError, PROFILE_MAX_BYTES, processProfileImage } from "./images.server";

describe("processProfileImage", () => {
  it("serves even a busy photo as a 256 px WebP within the card page's budget", async () => {
    const photo = await busyPhoto();
    const plain = await sharp(photo).resize(256, 256).webp({ quality: 78 }).toBuffer();
    expect(plain.length).toBeGreaterThan(PROFILE_MAX_BYTES); // the budget has work to do

    const { webp, jpeg, hash } = await processProfileImage(photo);
    expect(webp.length).toBeLessThanOrEqual(PROFILE_MAX_BYTES);
    const meta = await sharp(webp).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 256, 256]);
    expect((await sharp(jpeg).metadata()).format).toBe("jpeg");
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
  });

  it("keeps the better quality when a photo is already small", async () => {
    const flat = await sharp({ create: { width: 800, height: 800, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    const { webp } = await processProfileImage(flat);
    expect(webp.length).toBeLessThan(2 * 1024);
  });

  it("refuses what is not a raster image", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    await expect(processProfileImage(svg)).rejects.toThrow(ImageError);
    await expect(processProfileImage(Buffer.from("not an image"))).rejects.toThrow(
      "Please select an image file",
    );
  });
});
