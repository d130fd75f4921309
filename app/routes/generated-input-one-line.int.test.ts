// Generated line breaks and control characters in every single-line field of the main forms (names, company, job
// title, titles, labels, card and shop names, business names), posted as a hand-made post would: whatever the
// answer, nothing stored in such a field holds a line break or a control character, a refusal (4xx) says why
// and writes nothing, and no post is a 500.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { like, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cardPages,
  cartItems,
  contactMessages,
  exchangedContacts,
  pageLinks,
  prospects,
  shops,
  users,
} from "~/db/schema";
import type { Auth } from "~/server/accounts/auth.server";
import { createCardPage } from "~/server/cards/cards.server";
import { formStamp, setContactExchange } from "~/server/contacts/exchange.server";
import type { Config } from "~/server/platform/env.server";
import { loadConfig } from "~/server/platform/env.server";
import { readToast } from "~/server/platform/toast.server";
import { adminCookieFor, routeContext, testAuth, verifiedCustomer } from "../../tests/support/auth";
import { type Answer, answer, cookiesOf, postRequest } from "../../tests/support/routes";
import { createTestDb, type TestDb } from "../../tests/support/test-db";
import * as adminCards from "./admin/cards";
import * as createCard from "./admin/create-card";
import * as register from "./auth/register";
import * as connect from "./card/connect";
import * as prospectsRoute from "./dashboard/cold-calling/prospects";
import * as profile from "./dashboard/settings/profile";
import * as orderCard from "./shop/order-card";
import * as updateLinks from "./shop/update-links";
import * as contactForm from "./site/contact";

const ORIGIN = "http://shop.test";
const SLUG = "one-line-card";

/** What makes a value more than one line: CR, LF, tab, another C0 or C1 control, the Unicode line separator. */
const BREAKS = ["\r\n", "\n", "\r", "\t", "\u0007", "\u0085", "\u2028"];
const isOneLine = (v: string) => !/[\p{Cc}\u2028\u2029]/u.test(v);

let t: TestDb;
let auth: Auth;
let config: Config;
let customer: { id: string; cookie: string };
let adminCookie: string;
let cardNumber: string;

beforeAll(async () => {
  t = await createTestDb();
  config = loadConfig({
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "one-line-")),
    PUBLIC_URL: ORIGIN,
  });
  auth = testAuth(t.db, config);
  adminCookie = await adminCookieFor(auth, t.db);
  customer = await verifiedCustomer(auth, t.db, "Casey Lines", "casey-lines@example.com");
  const card = await createCardPage(
    t.db,
    { name: "Casey", slug: SLUG, password: "casey-edit-1", ownerUserId: customer.id, links: [] },
    { announce: false },
  );
  cardNumber = card.cardNumber;
  await setContactExchange(t.db, customer.id, card.id, true);
}, 120_000);
afterAll(() => t?.close());

let n = 0;
/** Each post comes from its own address, so no rate limit answers in place of the form. */
function contextFor(): AppLoadContext {
  n += 1;
  return routeContext(t.db, config, auth, `10.77.${(n >> 8) & 255}.${n & 255}`);
}

const postTo =
  (
    action: (args: never) => unknown,
    url: string,
    cookie: () => string,
    params: Record<string, string> = {},
  ) =>
  (fields: Record<string, string>) =>
    answer(action, postRequest(`${ORIGIN}${url}`, fields, cookie()), contextFor(), params);

/** The stored text of a column on the rows whose value starts with the marker. */
const column = (table: PgTable, col: PgColumn) => async (marker: string) =>
  (
    await t.db
      .select({ v: col })
      .from(table)
      .where(like(col, `${marker}%`))
  ).map((r) => String(r.v));

/** Strings anywhere in the JSON details of cart items that hold the marker. */
async function cartText(marker: string) {
  const rows = await t.db
    .select({ details: cartItems.details })
    .from(cartItems)
    .where(sql`${cartItems.details}::text like ${`%${marker}%`}`);
  const found: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === "string") {
      if (v.includes(marker)) found.push(v);
    } else if (v && typeof v === "object") for (const x of Object.values(v)) walk(x);
  };
  for (const r of rows) walk(r.details);
  return found;
}

type Form = {
  form: string;
  /** The single-line fields, each with where its value is stored. */
  fields: Record<string, (marker: string) => Promise<string[]>>;
  /** A valid post of the form, with `value` in `field`. */
  post: (field: string, value: string, marker: string) => Promise<Answer>;
};

const FORMS: Form[] = [
  {
    form: "register",
    fields: { name: column(users, users.name) },
    post: (field, value, marker) =>
      postTo(
        register.action,
        "/register",
        () => "",
      )({
        name: "Reg Name",
        email: `${marker.toLowerCase()}@example.com`,
        password: "a long password 1",
        terms: "on",
        [field]: value,
      }),
  },
  {
    form: "contact",
    fields: {
      name: column(contactMessages, contactMessages.name),
      customSubject: column(contactMessages, contactMessages.subject),
    },
    post: (field, value, marker) =>
      postTo(
        contactForm.action,
        "/contact",
        () => "",
      )({
        name: "Con Name",
        email: `${marker.toLowerCase()}@example.com`,
        subject: "custom",
        customSubject: "A subject",
        message: "Hello there",
        website: "",
        [field]: value,
      }),
  },
  {
    form: "card page: share your details",
    fields: {
      name: column(exchangedContacts, exchangedContacts.name),
      company: column(exchangedContacts, exchangedContacts.company),
      jobTitle: column(exchangedContacts, exchangedContacts.jobTitle),
    },
    post: (field, value, marker) =>
      postTo(connect.action, `/${SLUG}/connect`, () => "", { slug: SLUG })({
        name: "Share Name",
        email: `${marker.toLowerCase()}@example.com`,
        company: "Share Ltd",
        jobTitle: "Buyer",
        consent: "on",
        website: "",
        stamp: formStamp(config.authSecret, SLUG, Date.now() - 5_000),
        [field]: value,
      }),
  },
  {
    form: "prospects: add by hand",
    fields: {
      businessName: column(prospects, prospects.businessName),
      contactName: column(prospects, prospects.contactName),
      address: column(prospects, prospects.address),
    },
    post: (field, value) =>
      postTo(
        prospectsRoute.action,
        "/dashboard/cold-calling/prospects",
        () => customer.cookie,
      )({
        intent: "add-prospect",
        businessName: "Biz",
        businessType: "salon",
        [field]: value,
      }),
  },
  {
    form: "settings: profile",
    fields: { firstName: column(users, users.name), location: column(users, users.location) },
    post: (field, value) =>
      postTo(
        profile.action,
        "/dashboard/settings",
        () => customer.cookie,
      )({
        intent: "profile",
        firstName: "Casey",
        lastName: "Lines",
        [field]: value,
      }),
  },
  {
    form: "order a Multi Link card",
    fields: { name: cartText, "links[0].name": cartText },
    post: (field, value) =>
      postTo(
        orderCard.action,
        "/order-card",
        () => "",
      )({
        intent: "add-card",
        type: "multi-link",
        name: "Card Name",
        instagram: "https://instagram.com/casey",
        "links[0].platform": "website",
        "links[0].name": "My site",
        "links[0].url": "https://casey.example",
        [field]: value,
      }),
  },
  {
    form: "update your card",
    fields: { name: cartText },
    post: (field, value, marker) =>
      postTo(
        updateLinks.action,
        "/update-links",
        () => "",
      )({
        cardNumber,
        name: "Upd Name",
        email: `${marker.toLowerCase()}@example.com`,
        updateType: "add-link",
        platform: "Website",
        url: "https://casey.example/new",
        [field]: value,
      }),
  },
  {
    form: "admin: create a card page",
    fields: {
      name: column(cardPages, cardPages.name),
      businessName: column(cardPages, cardPages.businessName),
      "links[0].title": column(pageLinks, pageLinks.title),
    },
    post: (field, value, marker) =>
      postTo(
        createCard.action,
        "/admin-dashboard/create",
        () => adminCookie,
      )({
        name: "Admin Card",
        businessName: "Admin Biz",
        slug: marker.toLowerCase(),
        password: "admin-edit-1",
        "links[0].title": "Site",
        "links[0].url": "https://admin.example",
        "links[0].icon": "globe",
        [field]: value,
      }),
  },
  {
    form: "admin: add a shop",
    fields: { name: column(shops, shops.name), location: column(shops, shops.location) },
    post: (field, value) =>
      postTo(
        adminCards.action,
        "/admin-dashboard/cards",
        () => adminCookie,
      )({
        intent: "create-shop",
        name: "Shop Name",
        location: "Leeds",
        [field]: value,
      }),
  },
];

/** What a refused post tells the person: its text, its errors, or its toast. */
async function messageOf(a: Answer) {
  const { toast } = await readToast(new Request(ORIGIN, { headers: { Cookie: cookiesOf(a.headers) } }));
  return [a.body, JSON.stringify(a.data), toast?.description ?? toast?.title ?? ""].join(" ");
}

describe("single-line fields take one line, whatever is posted", () => {
  for (const f of FORMS)
    for (const [field, stored] of Object.entries(f.fields))
      it(`${f.form}: ${field}`, async () => {
        for (const [i, breaking] of BREAKS.entries()) {
          const marker = `Mark${++n}x${i}`;
          const a = await f.post(field, `${marker} first${breaking}second`, marker);
          const values = await stored(marker);
          const seen = { field, breaking: JSON.stringify(breaking), status: a.status, values };
          expect(seen.status, JSON.stringify(seen)).toBeLessThan(500);
          expect(seen.status, JSON.stringify(seen)).not.toBe(429);
          expect(
            values.filter((v) => !isOneLine(v)),
            JSON.stringify(seen),
          ).toEqual([]);
          if (a.status >= 400) {
            expect(values).toEqual([]);
            expect(await messageOf(a)).toMatch(/single line|one line|not allowed|control/i);
          }
        }
      });

  it("still stores a name of one line as it was typed", async () => {
    const a = await FORMS[3]!.post("businessName", "Mark-plain Zoë's Café", "Mark-plain");
    expect(a.status).toBeLessThan(400);
    expect(await column(prospects, prospects.businessName)("Mark-plain")).toEqual(["Mark-plain Zoë's Café"]);
  });
});
