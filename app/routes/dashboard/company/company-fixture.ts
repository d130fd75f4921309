// A shop with people for the company tests: Olivia creates Acme through the Companies page; Adam, Mia and Otto are
// customers, and the shop's admin is there too. Each call goes through the routes as a browser's form would.
import type { AppLoadContext } from "react-router";
import { invitations } from "~/db/schema";
import type { Auth } from "~/server/accounts/auth.server";
import type { OutgoingEmail } from "~/server/platform/email/mailer.server";
import { adminCookieFor, routeContext, testAuth, verifiedCustomer } from "../../../../tests/support/auth";
import { answer, getRequest, multipartRequest, postRequest } from "../../../../tests/support/routes";
import { testConfig } from "../../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../../tests/support/test-db";
import * as invitation from "../../site/invitation";
import * as companies from "../companies";
import * as layout from "./layout";
import * as orderCards from "./order-cards";
import * as overview from "./overview";
import * as people from "./people";

export type Person = { id: string; cookie: string; email: string };

export async function companyShop(name: string, env: Record<string, string> = {}) {
  const t: TestDb = await createTestDb();
  const config = testConfig(name, env);
  const sent: OutgoingEmail[] = [];
  const auth: Auth = testAuth(t.db, config, async (m) => {
    sent.push(m);
  });
  const context = routeContext(t.db, config, auth) as AppLoadContext;
  const person = async (first: string) => {
    const email = `${first.toLowerCase()}@example.com`;
    return { ...(await verifiedCustomer(auth, t.db, first, email)), email };
  };
  const shop = {
    t,
    auth,
    context,
    sent,
    olivia: await person("Olivia"),
    adam: await person("Adam"),
    mia: await person("Mia"),
    otto: await person("Otto"),
    admin: await adminCookieFor(auth, t.db),
  };
  return shop;
}
export type CompanyShop = Awaited<ReturnType<typeof companyShop>>;

const BASE = "http://shop.test/dashboard";

export function companyRoutes(shop: CompanyShop) {
  const { context } = shop;
  return {
    createCompany: (who: Person, fields: Record<string, string>) =>
      answer(
        companies.action,
        postRequest(`${BASE}/companies`, { intent: "create-company", ...fields }, who.cookie),
        context,
      ),
    listCompanies: (who: Person) =>
      answer(companies.loader, getRequest(`${BASE}/companies`, who.cookie), context),
    openCompany: (cookie: string, slug: string) =>
      answer(layout.loader, getRequest(`${BASE}/company/${slug}`, cookie), context, { slug }),
    loadPeople: (cookie: string, slug: string, query = "") =>
      answer(people.loader, getRequest(`${BASE}/company/${slug}/people${query}`, cookie), context, { slug }),
    postPeople: (cookie: string, slug: string, fields: Record<string, string>) =>
      answer(people.action, postRequest(`${BASE}/company/${slug}/people`, fields, cookie), context, { slug }),
    importCsv: (cookie: string, slug: string, csv: string) =>
      answer(
        people.action,
        multipartRequest(
          `${BASE}/company/${slug}/people`,
          { intent: "import-csv", file: new File([csv], "people.csv", { type: "text/csv" }) },
          cookie,
        ),
        context,
        { slug },
      ),
    /** 'Order cards for members' as the browser posts it: each ticked member, the button, how to post them. */
    orderCards: (cookie: string, slug: string, fields: [string, string][]) =>
      answer(
        orderCards.action,
        new Request(`${BASE}/company/${slug}/order-cards`, {
          method: "POST",
          headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams([["intent", "order-cards"], ...fields]),
        }),
        context,
        { slug },
      ),
    leave: (cookie: string, slug: string) =>
      answer(overview.action, postRequest(`${BASE}/company/${slug}`, { intent: "leave" }, cookie), context, {
        slug,
      }),
    openInvitation: (cookie: string, id: string) =>
      answer(invitation.loader, getRequest(`http://shop.test/invitations/${id}`, cookie), context, { id }),
    answerInvitation: (cookie: string, id: string, intent: "accept" | "decline") =>
      answer(
        invitation.action,
        postRequest(`http://shop.test/invitations/${id}`, { intent }, cookie),
        context,
        { id },
      ),
  };
}

/** The invitation waiting for this address, read as its e-mail's link would give it. */
export async function invitationFor(shop: CompanyShop, email: string) {
  const rows = await shop.t.db.select().from(invitations);
  return rows.filter((r) => r.email === email && r.status === "pending").at(-1)!;
}

/** A member's home address as the overview's 'Where to post your card' form posts it. */
export const homeAddress = (who: string, country: string) => ({
  fullName: `${who} Home`,
  email: `${who.toLowerCase()}.home@example.com`,
  phone: "+44 7700 900111",
  addressLine1: `${who}'s Street 1`,
  city: "Somewhere",
  postalCode: "AB1 2CD",
  country,
});

/** Olivia's Parcel Co, with Mia and Adam as members (invited by CSV, accepted), for the member-address tests. */
export async function parcelCompany(name: string) {
  const shop = await companyShop(name);
  const r = companyRoutes(shop);
  const slug = (await r.createCompany(shop.olivia, { name: "Parcel Co" })).location!.split("/").pop()!;
  await r.importCsv(
    shop.olivia.cookie,
    slug,
    "name,email\nMia Member,mia@example.com\nAdam Able,adam@example.com",
  );
  for (const p of [shop.mia, shop.adam])
    await r.answerInvitation(p.cookie, (await invitationFor(shop, p.email)).id, "accept");
  const overviewUrl = `${BASE}/company/${slug}`;
  return {
    shop,
    r,
    slug,
    giveAddress: (who: Person, fields: Record<string, string>) =>
      answer(
        overview.action,
        postRequest(overviewUrl, { intent: "save-address", ...fields }, who.cookie),
        shop.context,
        { slug },
      ),
    openOverview: async (who: Person) =>
      (await answer(overview.loader, getRequest(overviewUrl, who.cookie), shop.context, { slug })).data as {
        address: { given: boolean; defaults: Record<string, string> };
      },
  };
}
