// Card pages against the database: slugs, card numbers and links. The concurrency cases prove something only on
// PostgreSQL (PGlite runs one transaction at a time and hides races); `npm test` runs this file on both engines.
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardPages, pageLinks } from "~/db/schema";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { getCardPageById, getCardPageBySlug } from "./card-reads.server";
import { type CardLinkInput, createCardPage, updateCardPage } from "./cards.server";
import { createClientPage } from "./client-pages.server";

const website = (url = "https://example.com"): CardLinkInput => ({ title: "Website", url, icon: "globe" });

describe("card pages", () => {
  let handle: TestDb;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle?.close());

  const create = (slug: string, links: CardLinkInput[] = [website()]) =>
    createCardPage(handle.db, { name: `Page ${slug}`, slug, password: "edit-password-1", links });

  it("allocates unique WC numbers to concurrent creates", async () => {
    const created = await Promise.all(Array.from({ length: 40 }, (_, i) => create(`concurrent-${i}`)));
    const numbers = new Set(created.map((c) => c.cardNumber));
    expect(numbers.size).toBe(40);
    for (const n of numbers) expect(n).toMatch(/^WC\d{4}$/);
  });

  it("refuses a duplicate slug even when two creates race", async () => {
    const results = await Promise.allSettled([1, 2].map(() => create("twin", [])));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const failure = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(String(failure.reason.message)).toMatch(/already in use/);
  });

  it("stores the slug normalised, so the page answers in any case and a differently-cased twin is refused", async () => {
    const page = await create("  Jane Doe ");
    expect(page.slug).toBe("jane-doe");
    expect((await getCardPageBySlug(handle.db, "JANE-DOE"))?.id).toBe(page.id);
    await expect(create("JANE-doe")).rejects.toMatchObject({ field: "slug", message: /already in use/ });
  });

  it("refuses a slug the site reserves, in any case, but lets a page keep the slug it already has", async () => {
    await expect(create("Admin")).rejects.toMatchObject({ field: "slug", message: /reserved/ });
    const page = await create("keeps-its-slug");
    // A page made before 'blog' was reserved: later edits (a paid update, say) must still go through.
    await handle.db.update(cardPages).set({ slug: "blog" }).where(eq(cardPages.id, page.id));
    await updateCardPage(handle.db, page.id, { name: "Renamed", slug: "blog", links: [website()] });
    expect((await getCardPageById(handle.db, page.id))?.name).toBe("Renamed");
    await expect(
      updateCardPage(handle.db, page.id, { name: "Renamed", slug: "about", links: [] }),
    ).rejects.toMatchObject({ field: "slug" });
  });

  it("refuses to move a page onto another page's slug, and lets it keep its own", async () => {
    await create("taken-slug");
    const page = await create("movable");
    await expect(
      updateCardPage(handle.db, page.id, { name: "Movable", slug: "Taken-Slug", links: [] }),
    ).rejects.toMatchObject({ field: "slug", message: /already in use/ });
    await updateCardPage(handle.db, page.id, { name: "Still here", slug: "movable", links: [] });
    expect((await getCardPageBySlug(handle.db, "movable"))?.name).toBe("Still here");
  });

  it("gives each client page a free slug from its name, never a reserved one", async () => {
    const first = await createClientPage(handle.db, { name: "Café Olé Ltd!", website: "cafe.example" });
    const second = await createClientPage(handle.db, { name: "CAFÉ olé ltd", website: "cafe.example" });
    expect(first.slug).toBe("caf-ol-ltd");
    expect(second.slug).toBe("caf-ol-ltd-2");
    const reserved = await createClientPage(handle.db, { name: "Admin", website: "admin.example" });
    expect(reserved.slug).toBe("admin-card");
  });

  it("writes links in the order given, renumbered from 0, with their addresses normalised", async () => {
    const page = await create("ordered", [
      website("https://one.example"),
      website("https://two.example"),
      website("https://three.example"),
    ]);
    const [one, two, three] = (await getCardPageById(handle.db, page.id))!.links;
    await updateCardPage(handle.db, page.id, {
      name: "Ordered",
      slug: "ordered",
      links: [
        { ...three!, title: "Third, now first" },
        { title: "New", url: "HTTPS://Example.COM/café", icon: "globe" },
        one!,
      ],
    });
    const rows = await handle.db
      .select({
        id: pageLinks.id,
        title: pageLinks.title,
        url: pageLinks.url,
        sortOrder: pageLinks.sortOrder,
      })
      .from(pageLinks)
      .where(eq(pageLinks.cardPageId, page.id))
      .orderBy(asc(pageLinks.sortOrder));
    expect(rows.map((r) => [r.title, r.url, r.sortOrder])).toEqual([
      ["Third, now first", "https://three.example/", 0],
      ["New", "https://example.com/caf%C3%A9", 1],
      ["Website", "https://one.example/", 2],
    ]);
    // Kept links keep their ids (and so their click counts); the dropped one is gone.
    expect(rows[0]!.id).toBe(three!.id);
    expect(rows[2]!.id).toBe(one!.id);
    expect(rows.map((r) => r.id)).not.toContain(two!.id);
  });

  it("never takes over another page's link by its id", async () => {
    const other = await create("other-page", [website("https://other.example")]);
    const otherLink = (await getCardPageById(handle.db, other.id))!.links[0]!;
    const page = await create("link-thief", []);
    await updateCardPage(handle.db, page.id, {
      name: "Thief",
      slug: "link-thief",
      links: [{ ...otherLink, url: "https://mine.example" }],
    });
    expect((await getCardPageById(handle.db, other.id))!.links).toEqual([otherLink]);
    const mine = (await getCardPageById(handle.db, page.id))!.links;
    expect(mine.map((l) => l.url)).toEqual(["https://mine.example/"]);
    expect(mine[0]!.id).not.toBe(otherLink.id);
  });
});

describe("card numbers when few are left", () => {
  let handle: TestDb;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle?.close());

  it("finds the last free number, then refuses with a clear message", async () => {
    // Every number but WC4242 is taken.
    await handle.db.execute(
      sql`insert into card_pages (card_number, name, slug, password_hash)
          select 'WC' || n, 'Taken', 'taken-' || n, 'x' from generate_series(1000, 9999) as n where n <> 4242`,
    );
    const last = await createCardPage(handle.db, {
      name: "Last",
      slug: "last",
      password: "pw-12345",
      links: [],
    });
    expect(last.cardNumber).toBe("WC4242");
    await expect(
      createCardPage(handle.db, { name: "One too many", slug: "too-many", password: "pw-12345", links: [] }),
    ).rejects.toMatchObject({ status: 409, message: "No card numbers are left" });
    expect(await getCardPageBySlug(handle.db, "too-many")).toBeNull();
  });
});
