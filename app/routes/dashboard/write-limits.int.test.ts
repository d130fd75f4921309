// Signed-in writes through their routes: CSV imports, prospects added by hand, status changes, notes and profile
// photos are limited per account and per client address, and an account holds at most 20,000 prospects and 50
// notes on one prospect, also when the writes arrive at the same moment.

import { and, eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prospectActivities, prospects, rateLimits } from "~/db/schema";
import * as activityRoute from "~/routes/dashboard/cold-calling/activity";
import * as prospectsRoute from "~/routes/dashboard/cold-calling/prospects";
import * as profileRoute from "~/routes/dashboard/settings/profile";
import type { Auth } from "~/server/accounts/auth.server";
import { addBusinessListToCart } from "~/server/shop/business-list-cart.server";
import { createCart } from "~/server/shop/cart.server";
import { routeContext, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { type Answer, answer, multipartRequest, postRequest } from "../../../tests/support/routes";
import { testConfig, toastOf } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";

const ORIGIN = "http://shop.test";
const HEADER = "business_name,contact_name,phone,email,address,business_type";
const LIMITED = "Too many changes in the last hour. Please wait a while and try again.";

let t: TestDb;
let auth: Auth;
const config = testConfig("write-limits");
beforeAll(async () => {
  t = await createTestDb();
  auth = testAuth(t.db, config);
});
afterAll(() => t?.close());

type Who = { id: string; cookie: string; context: AppLoadContext };
let seq = 0;
/** A signed-in customer at a client address of its own unless one is given. */
async function customer(clientIp = `10.7.0.${++seq}`): Promise<Who> {
  const n = ++seq;
  const c = await verifiedCustomer(auth, t.db, `Caller ${n}`, `caller${n}@example.com`);
  return { ...c, context: routeContext(t.db, config, auth, clientIp) };
}

const post = (who: Who, run: (args: never) => unknown, path: string, fields: Record<string, string>) =>
  answer(run, postRequest(`${ORIGIN}${path}`, fields, who.cookie), who.context);
const addProspect = (who: Who, businessName: string) =>
  post(who, prospectsRoute.action, "/dashboard/cold-calling/prospects", {
    intent: "add-prospect",
    businessName,
    businessType: "retail",
  });
const setStatus = (who: Who, prospectId: string, status: string) =>
  post(who, prospectsRoute.action, "/dashboard/cold-calling/prospects", {
    intent: "set-status",
    prospectId,
    status,
  });
const addNote = (who: Who, prospectId: string, note: string) =>
  post(who, activityRoute.action, "/dashboard/cold-calling/activity", {
    intent: "add-note",
    prospectId,
    note,
  });
function importCsv(who: Who, rows: string[]) {
  const file = new File([[HEADER, ...rows].join("\r\n")], "prospects.csv", { type: "text/csv" });
  return answer(
    prospectsRoute.action,
    multipartRequest(
      `${ORIGIN}/dashboard/cold-calling/prospects`,
      { intent: "import-csv", file },
      who.cookie,
    ),
    who.context,
  );
}
const formErrors = (a: Answer) => (a.data.result as { error?: Record<string, string[]> }).error?.[""] ?? [];
const count = async (userId: string) =>
  Number(
    (
      await t.db.select({ n: sql<number>`count(*)::int` }).from(prospects).where(eq(prospects.userId, userId))
    )[0]!.n,
  );
/** The hour's counter as if `used` writes had already been made (the limits below are large). */
const used = (key: string, n: number) =>
  t.db
    .insert(rateLimits)
    .values({ key, windowStart: new Date(), count: n })
    .onConflictDoUpdate({ target: rateLimits.key, set: { count: n, windowStart: new Date() } });
/** Prospects written straight to the table: an account near its quota. */
const fill = (userId: string, n: number) =>
  t.db.execute(sql`insert into prospects (user_id, business_name, business_type)
    select ${userId}, 'Filler ' || g, 'retail' from generate_series(1, ${n}) g`);

describe("write limits", () => {
  it("refuses the eleventh CSV import of an hour with 429 and writes nothing from it", async () => {
    const ada = await customer();
    for (let i = 1; i <= 10; i++)
      expect((await importCsv(ada, [`Shop ${i},,020 7946 ${1000 + i},,,retail`])).status).toBe(200);
    const refused = await importCsv(ada, ["Shop 11,,020 7946 1011,,,retail"]);
    expect([refused.status, refused.data.error]).toEqual([429, LIMITED]);
    expect((await toastOf(refused.headers))?.description).toBe(LIMITED);
    expect(await count(ada.id)).toBe(10);
  });

  it("counts imports per address too: accounts sharing one address share its 30 an hour", async () => {
    const office = "10.8.0.1";
    const [a, b] = [await customer(office), await customer(office)];
    await used(`prospectImport:ip:${office}`, 28);
    expect((await importCsv(a, ["Office 1,,020 7946 2001,,,retail"])).status).toBe(200);
    expect((await importCsv(b, ["Office 2,,020 7946 2002,,,retail"])).status).toBe(200);
    const thirtyFirst = await importCsv(b, ["Office 3,,020 7946 2003,,,retail"]);
    expect([thirtyFirst.status, thirtyFirst.data.error]).toEqual([429, LIMITED]);
    // The same account from another address is still welcome.
    const elsewhere = { ...b, context: routeContext(t.db, config, auth, "10.8.0.2") };
    expect((await importCsv(elsewhere, ["Office 3,,020 7946 2003,,,retail"])).status).toBe(200);
  });

  it("limits prospects added by hand, status changes and notes per account, each with its own hour", async () => {
    const ben = await customer();
    await used(`addProspect:user:${ben.id}`, 119);
    expect((await addProspect(ben, "Last One In")).status).toBe(200);
    const refused = await addProspect(ben, "One Too Many");
    expect([refused.status, formErrors(refused)]).toEqual([429, [LIMITED]]);
    expect(await count(ben.id)).toBe(1);

    const [p] = await t.db.select().from(prospects).where(eq(prospects.userId, ben.id));
    await used(`prospectStatus:user:${ben.id}`, 599);
    expect((await setStatus(ben, p!.id, "contacted")).status).toBe(200);
    const status = await setStatus(ben, p!.id, "sale_made");
    expect([status.status, status.data.error]).toEqual([429, LIMITED]);
    expect((await toastOf(status.headers))?.description).toBe(LIMITED);
    expect((await t.db.select().from(prospects).where(eq(prospects.id, p!.id)))[0]!.status).toBe("contacted");

    await used(`prospectNote:user:${ben.id}`, 239);
    expect((await addNote(ben, p!.id, "Call back Tuesday")).status).toBe(200);
    const note = await addNote(ben, p!.id, "And Wednesday");
    expect([note.status, formErrors(note)]).toEqual([429, [LIMITED]]);
  });

  it("limits status changes per address: another account at a busy address is refused", async () => {
    const shared = "10.9.0.1";
    const cy = await customer(shared);
    await addProspect(cy, "Corner Cafe");
    const [p] = await t.db.select().from(prospects).where(eq(prospects.userId, cy.id));
    await used(`prospectStatus:ip:${shared}`, 1800);
    const refused = await setStatus(cy, p!.id, "contacted");
    expect(refused.status).toBe(429);
  });

  it("refuses the eleventh profile photo of an hour before decoding it", async () => {
    const dee = await customer();
    const photo = new File(
      [
        new Uint8Array(
          await sharp({ create: { width: 64, height: 64, channels: 3, background: "#336699" } })
            .png()
            .toBuffer(),
        ),
      ],
      "me.png",
      { type: "image/png" },
    );
    const upload = () =>
      answer(
        profileRoute.action,
        multipartRequest(`${ORIGIN}/dashboard/settings`, { intent: "avatar", avatar: photo }, dee.cookie),
        dee.context,
      );
    for (let i = 0; i < 10; i++) expect((await upload()).status).toBe(302);
    const refused = await upload();
    expect(refused.status).toBe(429);
    expect((refused.data.result as { error: Record<string, string[]> }).error.avatar).toEqual([LIMITED]);
  });
});

describe("quotas", () => {
  it("holds at most 20,000 prospects an account: by hand, from a file, or in a business list", async () => {
    const eve = await customer();
    await fill(eve.id, 19_999);
    expect((await addProspect(eve, "Number 20000")).status).toBe(200);
    const full = await addProspect(eve, "Number 20001");
    expect([full.status, formErrors(full)]).toEqual([409, ["An account holds at most 20,000 prospects."]]);
    const file = await importCsv(eve, ["Imported,,020 7946 3001,,,retail"]);
    expect([file.status, file.data.error]).toEqual([
      409,
      "An account holds at most 20,000 prospects. You have 20,000 and this file would add 1.",
    ]);
    const cart = await createCart(t.db);
    await expect(addBusinessListToCart(t.db, cart.id, eve.id, "restaurant")).rejects.toThrow(
      "Your prospects are full: an account holds at most 20,000 prospects.",
    );
    expect(await count(eve.id)).toBe(20_000);
  });

  it("lets only one of five prospects added at the same moment take the last place", async () => {
    const fay = await customer();
    await fill(fay.id, 19_999);
    const answers = await Promise.all([1, 2, 3, 4, 5].map((i) => addProspect(fay, `Racer ${i}`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await count(fay.id)).toBe(20_000);
  });

  it("holds at most 50 notes on one prospect, also when they arrive at the same moment", async () => {
    const gus = await customer();
    await addProspect(gus, "Chatty Bistro");
    const [p] = await t.db.select().from(prospects).where(eq(prospects.userId, gus.id));
    await t.db.insert(prospectActivities).values(
      Array.from({ length: 48 }, (_, i) => ({
        prospectId: p!.id,
        userId: gus.id,
        kind: "note" as const,
        note: `Note ${i}`,
      })),
    );
    const answers = await Promise.all([1, 2, 3, 4].map((i) => addNote(gus, p!.id, `Late note ${i}`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 409, 409]);
    expect(formErrors(answers.find((a) => a.status === 409)!)).toEqual([
      "A prospect holds at most 50 notes.",
    ]);
    const notes = await t.db
      .select()
      .from(prospectActivities)
      .where(and(eq(prospectActivities.prospectId, p!.id), eq(prospectActivities.kind, "note")));
    expect(notes).toHaveLength(50);
    // Status changes are not notes: the prospect can still be worked.
    expect((await setStatus(gus, p!.id, "contacted")).status).toBe(200);
  });
});
