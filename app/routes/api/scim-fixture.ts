// A shop with two companies for the SCIM tests: Olivia owns Acme, Adam owns Birch, and each has a SCIM token made
// on its Sign-in tab as the owner's browser would. `scim` calls the SCIM route as a directory does.
import { eq } from "drizzle-orm";
import { members, organizations, users } from "~/db/schema";
import { memberCardPage } from "~/server/companies/member-cards.server";
import { answer, postRequest } from "../../../tests/support/routes";
import { type CompanyShop, companyRoutes, companyShop } from "../dashboard/company/company-fixture";
import * as signIn from "../dashboard/company/sign-in";
import * as route from "./scim";

const SCIM_BASE = "http://shop.test/api/scim/v2";

export async function scimShop(name: string) {
  const shop = await companyShop(name);
  const r = companyRoutes(shop);
  const slugOf = (location: string | null) => location!.split("/").pop()!;
  const acme = slugOf(
    (await r.createCompany(shop.olivia, { name: "Acme", contactEmail: "office@acme.example" })).location,
  );
  const birch = slugOf((await r.createCompany(shop.adam, { name: "Birch" })).location);
  return { shop, acme, birch };
}
export type ScimShop = Awaited<ReturnType<typeof scimShop>>;

/** The Sign-in tab's action, as the owner's browser posts it. */
export const signInAction = (shop: CompanyShop, cookie: string, slug: string, intent: string) =>
  answer(
    signIn.action,
    postRequest(`http://shop.test/dashboard/company/${slug}/sign-in`, { intent }, cookie),
    shop.context,
    { slug },
  );

export async function createToken(shop: CompanyShop, cookie: string, slug: string) {
  const made = await signInAction(shop, cookie, slug, "create-scim-token");
  return String(made.data.scimToken);
}

type ScimAnswer = {
  status: number;
  type: string | null;
  cache: string | null;
  json: Record<string, unknown> & { Resources?: Record<string, unknown>[] };
};

/** One SCIM call as a directory makes it: bearer token, SCIM's media type. */
export async function scim(
  shop: CompanyShop,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<ScimAnswer> {
  const request = new Request(`${SCIM_BASE}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: "application/scim+json",
      ...(body === undefined ? {} : { "Content-Type": "application/scim+json" }),
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const run = method === "GET" ? route.loader : route.action;
  const a = await answer(run, request, shop.context);
  const json = a.body ? JSON.parse(a.body) : {};
  return {
    status: a.status,
    type: a.headers.get("Content-Type"),
    cache: a.headers.get("Cache-Control"),
    json,
  };
}

/** The account a directory user got, and its membership of the company (null when it has none). */
export async function accountOf(shop: CompanyShop, email: string, slug: string) {
  const [user] = await shop.t.db.select().from(users).where(eq(users.email, email));
  if (!user) return null;
  const [company] = await shop.t.db.select().from(organizations).where(eq(organizations.slug, slug));
  const memberships = await shop.t.db.select().from(members).where(eq(members.userId, user.id));
  return {
    user,
    company: company!,
    member: memberships.find((m) => m.organizationId === company!.id) ?? null,
  };
}

/** The member's company card, made as 'Make my company card' makes it. */
export async function makeCard(shop: CompanyShop, email: string, slug: string) {
  const found = (await accountOf(shop, email, slug))!;
  return memberCardPage(shop.t.db, found.company, found.user);
}
