// The demo seed: the sample card's number is one the update form accepts, on new and on older databases.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appState, cardPages } from "~/db/schema";
import { UpdateRequestSchema } from "~/schemas/update-request";
import { getCardPageBySlug } from "~/server/cards/card-reads.server";
import { loadConfig } from "~/server/platform/env.server";
import { createTestDb, type TestDb } from "../tests/support/test-db";
import { seedDemoData } from "./seed";

let fresh: TestDb;
let older: TestDb;
const config = loadConfig({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "seed-")) });
const logger = pino({ level: "silent" });
beforeAll(async () => {
  [fresh, older] = await Promise.all([createTestDb(), createTestDb()]);
});
afterAll(async () => {
  await Promise.all([fresh?.close(), older?.close()]);
});

const updateFor = (cardNumber: string) =>
  UpdateRequestSchema.safeParse({
    cardNumber,
    name: "Alex",
    email: "alex@example.com",
    updateType: "add-link",
    platform: "Website",
    url: "https://example.com",
  }).success;

describe("demo seed", () => {
  it("seeds the sample card as WC0341 at the slug wc341, once, with a number the update form accepts", async () => {
    await seedDemoData(fresh.db, logger, config);
    await seedDemoData(fresh.db, logger, config);
    const card = await getCardPageBySlug(fresh.db, "wc341");
    expect(card).toMatchObject({ cardNumber: "WC0341", name: "Alex Morgan" });
    expect(card!.links.length).toBeGreaterThan(0);
    expect(await fresh.db.select().from(cardPages)).toHaveLength(1);
    expect(updateFor(card!.cardNumber)).toBe(true);
    expect(updateFor("WC341")).toBe(false);
  });

  it("renumbers the sample card of a database seeded before, and leaves everything else alone", async () => {
    // An older installation: the card seeded as WC341 and the card step recorded as done.
    await seedDemoData(older.db, logger, config);
    await older.db.update(cardPages).set({ cardNumber: "WC341" }).where(eq(cardPages.slug, "wc341"));
    await older.db.delete(appState).where(eq(appState.key, "seed:sample-card-number"));
    const before = await getCardPageBySlug(older.db, "wc341");
    expect(before!.cardNumber).toBe("WC341");

    await seedDemoData(older.db, logger, config);
    const after = await getCardPageBySlug(older.db, "wc341");
    expect(after).toMatchObject({ id: before!.id, cardNumber: "WC0341", bio: before!.bio });
    expect(after!.links.map((l) => l.url)).toEqual(before!.links.map((l) => l.url));
    expect(await older.db.select().from(cardPages)).toHaveLength(1);

    await older.db.delete(appState).where(eq(appState.key, "seed:sample-card-number"));
    await seedDemoData(older.db, logger, config);
    expect((await getCardPageBySlug(older.db, "wc341"))!.cardNumber).toBe("WC0341");
  });
});
