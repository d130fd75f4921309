import { describe, expect, it } from "vitest";
import { slugPayloads } from "./page-sync.server";

describe("slugPayloads", () => {
  it("sends an edit's slugs in one notification, once each", () => {
    expect(slugPayloads(["jane", "jane-doe", "jane"])).toEqual(['["jane","jane-doe"]']);
    expect(slugPayloads([])).toEqual([]);
  });

  it("splits many slugs into payloads under PostgreSQL's 8000-byte limit, losing none", () => {
    const slugs = Array.from({ length: 400 }, (_, i) => `${"s".repeat(60)}-${i}`);
    const payloads = slugPayloads(slugs);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    expect(payloads.flatMap((p) => JSON.parse(p) as string[])).toEqual(slugs);
  });
});
