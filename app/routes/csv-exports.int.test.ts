// The four CSV downloads (contacts, prospects, commissions, card activity) as the bytes a spreadsheet opens: a
// UTF-8 byte-order mark, every text cell quoted, an apostrophe only before a real formula, a phone number as it
// is, and a contact's business type only when its owner chose one.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CARDS, commissionFor } from "~/catalog";
import { cardViewsDaily, prospects, referralCommissions } from "~/db/schema";
import { cardItemFromForm } from "~/schemas/cart";
import { adminCookieFor, routeContext, testAuth, verifiedCustomer } from "../../tests/support/auth";
import { insertContacts } from "../../tests/support/contacts";
import { answer, getRequest, postRequest } from "../../tests/support/routes";
import { deliveryTo, form, markPaidByAdmin, shopOpts } from "../../tests/support/shop";
import { createTestDb, type TestDb } from "../../tests/support/test-db";
import type { Auth } from "../server/accounts/auth.server";
import { createCardPage } from "../server/cards/cards.server";
import { loadConfig } from "../server/platform/env.server";
import { addCardItem, createCart, setCartReferrer } from "../server/shop/cart.server";
import { createOrderFromCart } from "../server/shop/checkout.server";
import * as commissionsCsv from "./admin/commissions-csv";
import * as activityCsv from "./dashboard/cards-activity-csv";
import * as prospectsCsv from "./dashboard/cold-calling/prospects-csv";
import * as contact from "./dashboard/contact";
import * as contactsCsv from "./dashboard/contacts-csv";

const ORIGIN = "http://shop.test";
const BOM = [0xef, 0xbb, 0xbf];

let t: TestDb;
let auth: Auth;
let context: AppLoadContext;
let zoe: { id: string; cookie: string };
let adminCookie: string;
const config = loadConfig({
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "csv-exports-")),
  PUBLIC_URL: ORIGIN,
});

beforeAll(async () => {
  t = await createTestDb();
  auth = testAuth(t.db, config);
  context = routeContext(t.db, config, auth);
  adminCookie = await adminCookieFor(auth, t.db);
  zoe = await verifiedCustomer(auth, t.db, "Zoë Exporter", "zoe-export@example.com");
});
afterAll(() => t?.close());

/** The download's bytes as they leave the server: the mark, then the text. */
async function download(loader: (args: never) => unknown, url: string, cookie: string) {
  const response = (await loader({
    request: getRequest(`${ORIGIN}${url}`, cookie),
    context,
    params: {},
  } as never)) as Response;
  expect(response.status).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.subarray(0, 3)]).toEqual(BOM);
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes.subarray(3)).split("\r\n");
}

describe("CSV exports, byte for byte", () => {
  it("Prospects: quoted text, a phone as typed, an apostrophe before a formula", async () => {
    await t.db.insert(prospects).values([
      {
        userId: zoe.id,
        businessName: "Zoë's Café",
        contactName: "Bob;=1+1",
        phone: "+44 20 7946 0000",
        email: "cafe@example.com",
        address: "1 High St, Leeds",
        businessType: "salon",
        createdAt: new Date("2026-01-02T10:00:00Z"),
      },
      {
        userId: zoe.id,
        businessName: "=1+1",
        contactName: "@SUM(A1)",
        phone: null,
        address: "-2+3",
        businessType: "salon",
        createdAt: new Date("2026-01-01T10:00:00Z"),
      },
    ]);
    const lines = await download(prospectsCsv.loader, "/dashboard/cold-calling/prospects.csv", zoe.cookie);
    expect(lines).toEqual([
      '"business_name","contact_name","phone","email","address","business_type","status","last_contact_date"',
      '"Zoë\'s Café","Bob;=1+1","+44 20 7946 0000","cafe@example.com","1 High St, Leeds","salon","not_contacted",""',
      `"'=1+1","'@SUM(A1)",,,"'-2+3","salon","not_contacted",""`,
      "",
    ]);
  });

  it("Contacts: the business type is the owner's choice or empty, never the first of the list", async () => {
    const owner = await verifiedCustomer(auth, t.db, "Contact Owner", "contact-owner@example.com");
    const shared = new Date("2026-02-03T09:00:00Z");
    const [chosen, unchosen] = await insertContacts(t.db, owner.id, [
      { name: "Zoë Chosen", company: "+1+cmd|' /C calc'!A0", phone: "+44 7700 900123", createdAt: shared },
      { name: "Una Unchosen", email: "una@example.com", createdAt: new Date(shared.getTime() - 60_000) },
    ]);
    const added = await answer(
      contact.action,
      postRequest(
        `${ORIGIN}/dashboard/contacts/${chosen!.id}`,
        { intent: "add-to-prospects", businessType: "retail" },
        owner.cookie,
      ),
      context,
      { id: chosen!.id },
    );
    expect(added.status).toBeLessThan(400);
    expect(await t.db.select().from(prospects).where(eq(prospects.userId, owner.id))).toHaveLength(1);

    const lines = await download(contactsCsv.loader, "/dashboard/contacts/export.csv", owner.cookie);
    const at = shared.toISOString();
    const before = new Date(shared.getTime() - 60_000).toISOString();
    expect(unchosen).toBeTruthy();
    expect(lines).toEqual([
      '"business_name","contact_name","phone","email","address","business_type","job_title","note","card","source","shared_at","consented_at"',
      `"'+1+cmd|' /C calc'!A0","Zoë Chosen","+44 7700 900123",,"","retail",,,"Deleted card","NFC tap","${at}","${at}"`,
      `"Una Unchosen","Una Unchosen",,"una@example.com","","",,,"Deleted card","NFC tap","${before}","${before}"`,
      "",
    ]);
  });

  it("Commissions: names quoted, a formula in a customer's name neutralised", async () => {
    const referrer = await verifiedCustomer(auth, t.db, "Zoë Referrer", "zoe-ref@example.com");
    const cart = await createCart(t.db);
    await addCardItem(
      t.db,
      cart.id,
      cardItemFromForm(form({ type: "multi-link", name: "Dana", instagram: "https://instagram.com/dana" }))
        .data!,
    );
    await setCartReferrer(t.db, cart.id, referrer.id);
    const { order } = await createOrderFromCart(t.db, {
      cartId: cart.id,
      delivery: { ...deliveryTo("buyer-csv@example.com"), fullName: "-2+3 Buyer" },
      paymentMethod: "bank_transfer",
      userId: null,
      ...shopOpts,
    });
    await markPaidByAdmin(t.db, order.id);
    const [row] = await t.db
      .select()
      .from(referralCommissions)
      .where(eq(referralCommissions.orderId, order.id));
    const lines = await download(commissionsCsv.loader, "/admin-dashboard/commissions.csv", adminCookie);
    expect(lines[0]).toBe(
      '"Date","Order","Referrer","Referrer e-mail","Customer","Sale (GBP)","Commission (GBP)","Status","Payout reference","Paid out at","Reason"',
    );
    const pounds = (pence: number) => (pence / 100).toFixed(2);
    expect(lines.filter((l) => l.includes(order.orderNumber))).toEqual([
      [
        `"${row!.createdAt.toISOString()}"`,
        `"${order.orderNumber}"`,
        '"Zoë Referrer"',
        '"zoe-ref@example.com"',
        `"'-2+3 Buyer"`,
        `"${pounds(order.total)}"`,
        `"${pounds(commissionFor(CARDS["multi-link"].price))}"`,
        '"Pending"',
        "",
        '""',
        '""',
      ].join(","),
    ]);
    expect(row!.amount).toBe(commissionFor(CARDS["multi-link"].price));
  });

  it("Card activity: the card's name quoted and in UTF-8, counts bare", async () => {
    const card = await createCardPage(
      t.db,
      { name: "@Zoë at work", slug: "zoe-csv", password: "edit-pass-1", ownerUserId: zoe.id, links: [] },
      { announce: false },
    );
    const today = new Date().toISOString().slice(0, 10);
    await t.db.insert(cardViewsDaily).values({ cardPageId: card.id, day: today, source: "nfc", count: 4 });
    const lines = await download(activityCsv.loader, "/dashboard/cards/activity.csv?range=7", zoe.cookie);
    expect(lines).toEqual([
      '"day","card_number","card_name","source","views","clicks"',
      `"${today}","${card.cardNumber}","'@Zoë at work","nfc",4,0`,
      "",
    ]);
  });
});
