// Cold Calling's prospects through their routes: figures, status changes that stamp and log, notes, filters,
// search and paging, and one customer against another.

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { prospectActivities, prospects } from "~/db/schema";
import * as activityRoute from "~/routes/dashboard/cold-calling/activity";
import * as overviewRoute from "~/routes/dashboard/cold-calling/overview";
import * as prospectsRoute from "~/routes/dashboard/cold-calling/prospects";
import * as exportRoute from "~/routes/dashboard/cold-calling/prospects-csv";
import { verifiedCustomer } from "../../../tests/support/auth";
import { A, addByHand, auth, B, get, post, stats, t, toastOf } from "./prospects-fixture";

describe("prospects", () => {
  it("starts empty: no prospects, and a conversion rate that claims nothing", async () => {
    const page = await get(prospectsRoute.loader, "/dashboard/cold-calling/prospects", A);
    expect(page.data).toMatchObject({ hasAny: false, total: 0, prospects: [] });
    expect(await stats(A)).toEqual({ total: 0, contacted: 0, meetings: 0, sales: 0, conversionRate: null });
  });

  it("adds a prospect by hand, refusing a missing name, a bad phone and an unknown type beside the field", async () => {
    const refused = await post(prospectsRoute.action, "/dashboard/cold-calling/prospects", A, {
      intent: "add-prospect",
      businessName: "  ",
      phone: "call me",
      businessType: "bakery",
    });
    expect(refused.status).toBe(400);
    expect((refused.data.result as { error: Record<string, string[]> }).error).toMatchObject({
      businessName: ["Enter the business name"],
      phone: ["Phone numbers should only contain numbers and optionally a + character."],
    });
    const unknownType = await post(prospectsRoute.action, "/dashboard/cold-calling/prospects", A, {
      intent: "add-prospect",
      businessName: "Crumbs",
      businessType: "bakery",
    });
    expect(unknownType.status).toBe(400);
    expect((unknownType.data.result as { error: Record<string, string[]> }).error).toEqual({
      businessType: ["Choose a business type"],
    });
    const p = await addByHand(A, "Luigi's Trattoria", { contactName: "Luigi", email: "LUIGI@example.com" });
    expect(p).toMatchObject({ status: "not_contacted", lastContactDate: null, email: "luigi@example.com" });
  });

  it("changes a status: stamps the last contact, logs the change, toasts, and moves the figures", async () => {
    const p = await addByHand(A, "Snips Salon", { businessType: "salon" });
    const before = Date.now();
    const a = await post(prospectsRoute.action, "/dashboard/cold-calling/prospects", A, {
      intent: "set-status",
      prospectId: p.id,
      status: "meeting_scheduled",
    });
    expect(a.status).toBe(200);
    expect(toastOf(a.headers)).toContain("Status updated");
    expect(toastOf(a.headers)).toContain("Prospect status has been updated");
    const [after] = await t.db.select().from(prospects).where(eq(prospects.id, p.id));
    expect(after!.status).toBe("meeting_scheduled");
    expect(after!.lastContactDate!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const log = await t.db.select().from(prospectActivities).where(eq(prospectActivities.prospectId, p.id));
    expect(log).toMatchObject([
      { kind: "status", fromStatus: "not_contacted", toStatus: "meeting_scheduled" },
    ]);
    expect(await stats(A)).toEqual({ total: 2, contacted: 1, meetings: 1, sales: 0, conversionRate: 0 });

    await post(prospectsRoute.action, "/dashboard/cold-calling/prospects", A, {
      intent: "set-status",
      prospectId: p.id,
      status: "sale_made",
    });
    // Sales made over all prospects (the specification's figure): 1 of 2.
    expect(await stats(A)).toEqual({ total: 2, contacted: 1, meetings: 0, sales: 1, conversionRate: 50 });

    const badStatus = await post(prospectsRoute.action, "/dashboard/cold-calling/prospects", A, {
      intent: "set-status",
      prospectId: p.id,
      status: "won",
    });
    expect(badStatus.status).toBe(400);
  });

  it("counts the conversion rate as sales made over all prospects, rounded, not over those contacted", async () => {
    const C = await verifiedCustomer(auth, t.db, "Cy Caller", "cy@example.com");
    for (const name of ["One Cafe", "Two Cafe", "Three Cafe"]) await addByHand(C, name);
    const [sold] = await t.db.select().from(prospects).where(eq(prospects.userId, C.id)).limit(1);
    await post(prospectsRoute.action, "/dashboard/cold-calling/prospects", C, {
      intent: "set-status",
      prospectId: sold!.id,
      status: "sale_made",
    });
    // One sale among three prospects, the only one contacted: 33%, not 100%.
    expect(await stats(C)).toEqual({ total: 3, contacted: 1, meetings: 0, sales: 1, conversionRate: 33 });
  });

  it("adds notes to the timeline, newest first, for all prospects and for one, with the business name", async () => {
    const [luigi] = await t.db
      .select()
      .from(prospects)
      .where(eq(prospects.businessName, "Luigi's Trattoria"));
    const refused = await post(activityRoute.action, "/dashboard/cold-calling/activity", A, {
      intent: "add-note",
      prospectId: luigi!.id,
      note: "x".repeat(1001),
    });
    expect(refused.status).toBe(400);
    const a = await post(activityRoute.action, "/dashboard/cold-calling/activity", A, {
      intent: "add-note",
      prospectId: luigi!.id,
      note: "Call back on Tuesday",
    });
    expect(a.status).toBe(200);
    const all = await get(activityRoute.loader, "/dashboard/cold-calling/activity", A);
    const entries = all.data.entries as { kind: string; businessName: string; note: string | null }[];
    expect(entries.map((e) => [e.kind, e.businessName])).toEqual([
      ["note", "Luigi's Trattoria"],
      ["status", "Snips Salon"],
      ["status", "Snips Salon"],
    ]);
    const one = await get(activityRoute.loader, `/dashboard/cold-calling/activity?prospect=${luigi!.id}`, A);
    expect((one.data.entries as { note: string }[]).map((e) => e.note)).toEqual(["Call back on Tuesday"]);
    const overview = await get(overviewRoute.loader, "/dashboard/cold-calling", A);
    expect((overview.data.recent as unknown[]).length).toBe(3);
  });

  it("shows the five most recent activities on the overview", async () => {
    const [luigi] = await t.db
      .select()
      .from(prospects)
      .where(eq(prospects.businessName, "Luigi's Trattoria"));
    for (const note of ["one", "two", "three", "four", "five", "six"])
      await post(activityRoute.action, "/dashboard/cold-calling/activity", A, {
        intent: "add-note",
        prospectId: luigi!.id,
        note,
      });
    const overview = await get(overviewRoute.loader, "/dashboard/cold-calling", A);
    expect((overview.data.recent as { note: string }[]).map((e) => e.note)).toEqual([
      "six",
      "five",
      "four",
      "three",
      "two",
    ]);
  });

  it("filters by status and type, searches by name literally, and pages", async () => {
    for (let i = 1; i <= 27; i++)
      await addByHand(A, `Retail ${String(i).padStart(2, "0")}`, { businessType: "retail" });
    await addByHand(A, "50% Off Shop", { businessType: "retail" });
    const list = async (query: string) =>
      (await get(prospectsRoute.loader, `/dashboard/cold-calling/prospects${query}`, A)).data as {
        total: number;
        pages: number;
        page: number;
        prospects: { businessName: string }[];
      };
    expect((await list("?type=retail")).total).toBe(28);
    expect((await list("?status=sale_made")).prospects.map((p) => p.businessName)).toEqual(["Snips Salon"]);
    expect((await list("?q=50%25")).prospects.map((p) => p.businessName)).toEqual(["50% Off Shop"]);
    expect((await list("?q=_")).total).toBe(0);
    expect((await list("?q=luigi")).prospects.map((p) => p.businessName)).toEqual(["Luigi's Trattoria"]);
    const first = await list("?type=retail");
    const second = await list("?type=retail&page=2");
    expect([first.pages, first.prospects.length, second.prospects.length]).toEqual([2, 25, 3]);
    expect(first.prospects.map((p) => p.businessName)).not.toContain(second.prospects[0]!.businessName);
    expect((await list(`?q=${"a".repeat(5000)}`)).total).toBe(0);
    expect((await list("?page=999&type=retail")).page).toBe(2);
  });

  it("lets no one else see or change a customer's prospects: 404 and nothing changed", async () => {
    const [luigi] = await t.db
      .select()
      .from(prospects)
      .where(eq(prospects.businessName, "Luigi's Trattoria"));
    const before = JSON.stringify({
      prospects: await t.db.select().from(prospects).where(eq(prospects.userId, A.id)),
      activity: await t.db.select().from(prospectActivities).where(eq(prospectActivities.userId, A.id)),
    });
    const status = await post(prospectsRoute.action, "/dashboard/cold-calling/prospects", B, {
      intent: "set-status",
      prospectId: luigi!.id,
      status: "not_interested",
    });
    const note = await post(activityRoute.action, "/dashboard/cold-calling/activity", B, {
      intent: "add-note",
      prospectId: luigi!.id,
      note: "Mine now",
    });
    const read = await get(activityRoute.loader, `/dashboard/cold-calling/activity?prospect=${luigi!.id}`, B);
    const notAnId = await get(activityRoute.loader, "/dashboard/cold-calling/activity?prospect=1%27%20or", B);
    expect([status.status, note.status, read.status, notAnId.status]).toEqual([404, 404, 404, 404]);
    const page = await get(prospectsRoute.loader, "/dashboard/cold-calling/prospects", B);
    const timeline = await get(activityRoute.loader, "/dashboard/cold-calling/activity", B);
    const csv = await get(exportRoute.loader, "/dashboard/cold-calling/prospects.csv", B);
    expect(page.data).toMatchObject({ total: 0, hasAny: false });
    expect(timeline.data.entries).toEqual([]);
    expect(csv.body).not.toContain("Luigi");
    expect(await stats(B)).toMatchObject({ total: 0 });
    expect(
      JSON.stringify({
        prospects: await t.db.select().from(prospects).where(eq(prospects.userId, A.id)),
        activity: await t.db.select().from(prospectActivities).where(eq(prospectActivities.userId, A.id)),
      }),
    ).toBe(before);
  });

  it("refuses an unknown intent with 400", async () => {
    const a = await post(prospectsRoute.action, "/dashboard/cold-calling/prospects", A, {
      intent: "drop-all",
    });
    const b = await post(activityRoute.action, "/dashboard/cold-calling/activity", A, { intent: "drop-all" });
    expect([a.status, b.status]).toEqual([400, 400]);
  });
});
