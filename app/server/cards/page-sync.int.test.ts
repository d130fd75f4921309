// Card page caches and edits in one process, on both engines: an edit shows on this process's next request.
// Across processes (PostgreSQL only): card-page-sync.postgres.int.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import type { CardEntry } from "./card-entries.server";
import { createCardPage, updateCardPage } from "./cards.server";
import { loadCardEntry } from "./page-cache.server";

const html = (entry: CardEntry | null | undefined) => entry?.identity.toString() ?? "";
const website = (url: string) => ({ title: "Website", url, icon: "globe" });

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb?.close());

describe("card page cache in one process", () => {
  it("serves an edit on the next request", async () => {
    const options = { db: testDb.db, publicUrl: "http://shop.test", siteName: "TapCard", shared: false };
    const card = await createCardPage(testDb.db, {
      name: "First Draft",
      slug: "same-process",
      password: "edit-password-1",
      links: [website("https://example.com/")],
    });
    expect(html(await loadCardEntry(options, "same-process", "link"))).toContain("First Draft");
    await updateCardPage(testDb.db, card.id, {
      name: "Second Draft",
      slug: "same-process",
      links: [website("https://example.com/")],
    });
    expect(html(await loadCardEntry(options, "same-process", "link"))).toContain("Second Draft");
  });
});
