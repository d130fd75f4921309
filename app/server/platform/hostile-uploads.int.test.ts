// Hostile files sent to every form that takes an image (the admin card form's upload, the customer's avatar, the
// update request's new photo): each is refused with a 4xx and a message, and nothing is stored, neither a file
// anywhere under the data folder (or above it) nor a row.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as uploadImageAction } from "~/routes/admin/upload-image";
import { action as profileAction } from "~/routes/dashboard/settings/profile";
import { action as updateLinksAction } from "~/routes/shop/update-links";
import { IMAGE_MAX_BYTES } from "~/schemas/card-page";
import { adminCookieFor, routeContext, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { type Answer, answer, multipartRequest } from "../../../tests/support/routes";
import { rowCounts } from "../../../tests/support/row-counts";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import type { Auth } from "../accounts/auth.server";
import { createCardPage } from "../cards/cards.server";
import { loadConfig } from "./env.server";

// The data folder sits two levels down in a folder of its own, so a name that climbs out of the uploads folder
// (or out of the data folder) still lands somewhere this test can see.
const sandbox = fs.mkdtempSync(path.join(os.tmpdir(), "hostile-uploads-"));
const config = loadConfig({ DATA_DIR: path.join(sandbox, "a", "data"), PUBLIC_URL: "http://shop.test" });
const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    : [];

let t: TestDb;
let auth: Auth;
let adminCookie: string;
let customerCookie: string;
let cardNumber: string;
let ip = 0;

beforeAll(async () => {
  t = await createTestDb();
  auth = testAuth(t.db, config);
  adminCookie = await adminCookieFor(auth, t.db);
  const customer = await verifiedCustomer(auth, t.db, "Hana", "hana@example.com");
  customerCookie = customer.cookie;
  const card = await createCardPage(
    t.db,
    { name: "Hana", slug: "hana", password: "hana-edit-1", ownerUserId: customer.id, links: [] },
    { announce: false },
  );
  cardNumber = card.cardNumber;
});
afterAll(() => t?.close());

// ---- The files ----

const png = async () =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();

function pngChunk(type: string, payload: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(payload.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), payload]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG header that declares 100 000 x 100 000 pixels, in a few dozen bytes. */
function pngBomb() {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(100_000, 0);
  ihdr.writeUInt32BE(100_000, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // 1-bit greyscale, the cheapest pixels to declare
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", zlib.deflateSync(Buffer.alloc(64))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A real small JPEG whose frame header is rewritten to claim 65 000 x 65 000 pixels. */
async function jpegBomb() {
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
    .jpeg()
    .toBuffer();
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  jpeg.writeUInt16BE(65_000, sof + 5);
  jpeg.writeUInt16BE(65_000, sof + 7);
  return jpeg;
}

const JPEG_START = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
const HTML = "<html><body><script>alert(document.cookie)</script></body></html>";

const MESSAGES = {
  notAnImage: "Please select an image file",
  tooLarge: "Image should be less than 5MB",
  tooManyPixels: "Image should be at most 24 megapixels",
  badName: "Please rename the file: its name may not contain folders or control characters",
};

const hostileFiles: [string, () => Promise<File>, string][] = [
  [
    "an SVG with a script",
    async () =>
      new File(
        [`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>`],
        "me.svg",
        { type: "image/svg+xml" },
      ),
    MESSAGES.notAnImage,
  ],
  [
    "an SVG sent as a PNG",
    async () => new File([`<svg xmlns="http://www.w3.org/2000/svg"/>`], "me.png", { type: "image/png" }),
    MESSAGES.notAnImage,
  ],
  [
    "HTML behind a JPEG signature",
    async () => new File([Buffer.concat([JPEG_START, Buffer.from(HTML)])], "me.jpg", { type: "image/jpeg" }),
    MESSAGES.notAnImage,
  ],
  [
    "5 MB + 1 byte",
    async () => {
      const big = Buffer.alloc(IMAGE_MAX_BYTES + 1);
      (await png()).copy(big);
      return new File([big], "big.png", { type: "image/png" });
    },
    MESSAGES.tooLarge,
  ],
  [
    "a PNG declaring 100 000 x 100 000 pixels",
    async () => new File([pngBomb()], "bomb.png", { type: "image/png" }),
    MESSAGES.tooManyPixels,
  ],
  [
    "a JPEG declaring 65 000 x 65 000 pixels",
    async () => new File([new Uint8Array(await jpegBomb())], "bomb.jpg", { type: "image/jpeg" }),
    MESSAGES.tooManyPixels,
  ],
  [
    "a real PNG named ../../../escaped.png",
    async () => new File([new Uint8Array(await png())], "../../../escaped.png", { type: "image/png" }),
    MESSAGES.badName,
  ],
  [
    "a real PNG named ..\\..\\escaped.png",
    async () => new File([new Uint8Array(await png())], "..\\..\\escaped.png", { type: "image/png" }),
    MESSAGES.badName,
  ],
  [
    "a real PNG whose name holds a line break",
    async () => new File([new Uint8Array(await png())], "me\r\n.png", { type: "image/png" }),
    MESSAGES.badName,
  ],
];

// ---- The forms that take an image, and where each puts its message ----

type Field = (a: Answer) => string[];
const fieldError =
  (name: string): Field =>
  (a) =>
    (a.data.result as { error?: Record<string, string[]> } | undefined)?.error?.[name] ?? [];

const endpoints: {
  name: string;
  post: (file: File) => Promise<Answer>;
  message: Field;
}[] = [
  {
    name: "admin card form upload",
    post: (file) =>
      answer(
        uploadImageAction,
        multipartRequest("http://shop.test/admin-dashboard/upload-image", { image: file }, adminCookie),
        routeContext(t.db, config, auth),
      ),
    message: (a) => [JSON.parse(a.body).error],
  },
  {
    name: "customer avatar",
    post: (file) =>
      answer(
        profileAction,
        multipartRequest(
          "http://shop.test/dashboard/settings",
          { intent: "avatar", avatar: file },
          customerCookie,
        ),
        routeContext(t.db, config, auth),
      ),
    message: fieldError("avatar"),
  },
  {
    name: "update request photo",
    post: (file) => {
      ip += 1;
      return answer(
        updateLinksAction,
        multipartRequest("http://shop.test/update-links", {
          cardNumber,
          name: "Hana",
          email: "hana@example.com",
          updateType: "change-image",
          image: file,
        }),
        routeContext(t.db, config, auth, `10.9.0.${ip}`),
      );
    },
    message: fieldError("image"),
  },
];

describe.each(endpoints)("the $name", ({ post, message }) => {
  it.each(hostileFiles)(
    "refuses %s with 400 and its message, and stores nothing",
    async (_name, file, text) => {
      const filesBefore = filesUnder(sandbox);
      const rowsBefore = await rowCounts(t.db);
      const a = await post(await file());
      expect({ status: a.status, message: message(a) }).toEqual({ status: 400, message: [text] });
      expect(filesUnder(sandbox)).toEqual(filesBefore);
      expect(await rowCounts(t.db)).toEqual(rowsBefore);
    },
  );

  it("still takes a real PNG, stored re-encoded under a name of its own", async () => {
    const a = await post(new File([new Uint8Array(await png())], "me.png", { type: "image/png" }));
    expect(a.status).toBeLessThan(400);
    expect(filesUnder(sandbox).some((f) => /uploads\/profiles\/[0-9a-f]{32}\.webp$/.test(f))).toBe(true);
  });
});

describe("a JPEG that carries HTML in a comment", () => {
  it("is stored only as the re-encoded picture: the HTML is not in any stored file", async () => {
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#963" } })
      .jpeg()
      .toBuffer();
    // A COM segment right after the start marker: a valid JPEG that a sniffing browser could read as HTML.
    const comment = Buffer.from(HTML);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(comment.length + 2);
    const polyglot = Buffer.concat([
      jpeg.subarray(0, 2),
      Buffer.from([0xff, 0xfe]),
      length,
      comment,
      jpeg.subarray(2),
    ]);
    for (const { post } of endpoints) {
      const a = await post(new File([new Uint8Array(polyglot)], "me.jpg", { type: "image/jpeg" }));
      expect(a.status).toBeLessThan(400);
    }
    const stored = filesUnder(sandbox).filter((f) => f.includes(`${path.sep}uploads${path.sep}`));
    expect(stored.length).toBeGreaterThan(0);
    for (const f of stored) expect(fs.readFileSync(f).includes("<script")).toBe(false);
  });
});
