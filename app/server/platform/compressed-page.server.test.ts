// The encoding sent for each Accept-Encoding, for pages held in every form and
// for files held in fewer.

import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { chooseEncoding, type Encoding, encodeRendered } from "./compressed-page.server";

const ALL: Encoding[] = ["br", "gzip", "identity"];

describe("chooseEncoding", () => {
  it("follows each header, asked in any order and again, for a page held in every form", () => {
    const cases: [string | undefined, Encoding][] = [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip, br;q=0", "gzip"],
      ["gzip", "gzip"],
      ["br;q=0.5, gzip", "gzip"],
      ["identity", "identity"],
      ["gzip;q=0, br;q=0", "identity"],
      [undefined, "identity"],
      ["*", "br"],
    ];
    for (let round = 0; round < 3; round++)
      for (const [header, expected] of round === 1 ? [...cases].reverse() : cases)
        expect(chooseEncoding(header, ALL), String(header)).toBe(expected);
  });

  it("chooses among the forms held when some are missing, whatever was chosen before for all of them", () => {
    expect(chooseEncoding("gzip, deflate, br", ALL)).toBe("br");
    expect(chooseEncoding("gzip, deflate, br", ["gzip", "identity"])).toBe("gzip");
    expect(chooseEncoding("br", ["gzip", "identity"])).toBe("identity");
  });

  it("answers many distinct headers, and long ones", () => {
    for (let i = 0; i < 250; i++) expect(chooseEncoding(`gzip;q=0.${(i % 9) + 1}, x-${i}`, ALL)).toBe("gzip");
    expect(chooseEncoding("gzip, br;q=0", ALL)).toBe("gzip");
    expect(chooseEncoding(`${"x".repeat(300)}, br`, ALL)).toBe("br");
  });
});

describe("encodeRendered", () => {
  const page = Buffer.from(`<!DOCTYPE html><p>Order Received</p>${"<li>link</li>".repeat(200)}`);

  /** What a rendered page is sent as for this header, with the headers set for it. */
  function send(acceptEncoding: string | null) {
    const headers = new Headers();
    const body = encodeRendered(page, acceptEncoding, headers);
    return { headers, body };
  }

  it("gzips a page for a browser, brotli accepted or not, and says so with its length", () => {
    for (const header of ["gzip, deflate, br, zstd", "gzip", "br;q=1, gzip;q=0.5"]) {
      const { headers, body } = send(header);
      expect(headers.get("content-encoding"), header).toBe("gzip");
      expect(headers.get("vary"), header).toBe("Accept-Encoding");
      expect(headers.get("content-length"), header).toBe(String(body.length));
      expect(body.length, header).toBeLessThan(page.length / 4);
      expect(gunzipSync(body).equals(page), header).toBe(true);
    }
  });

  it("sends the page as it is when gzip is not accepted", () => {
    for (const header of [null, "identity", "br", "gzip;q=0, br"]) {
      const { headers, body } = send(header);
      expect(headers.get("content-encoding"), String(header)).toBeNull();
      expect(headers.get("vary"), String(header)).toBe("Accept-Encoding");
      expect(headers.get("content-length"), String(header)).toBe(String(page.length));
      expect(body.equals(page), String(header)).toBe(true);
    }
  });
});
