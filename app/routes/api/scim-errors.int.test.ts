// The SCIM endpoint's refusals, on both databases, in SCIM's error format: a wrong, replaced or revoked token, a
// duplicate userName, a malformed PATCH; paging; and one company's token never reaching another company's people.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyEvents, organizations, scimManagedCredentials } from "~/db/schema";
import { answer, getRequest, postRequest } from "../../../tests/support/routes";
import { companyRoutes } from "../dashboard/company/company-fixture";
import * as signIn from "../dashboard/company/sign-in";
import * as account from "../dashboard/settings/account";
import { accountOf, createToken, type ScimShop, scim, scimShop, signInAction } from "./scim-fixture";
import { entra, okta } from "./scim-requests";

const ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";

let s: ScimShop;
let acmeToken: string;
let birchToken: string;
let acmeUserId: string;

beforeAll(async () => {
  s = await scimShop("scim-errors");
  acmeToken = await createToken(s.shop, s.shop.olivia.cookie, s.acme);
  birchToken = await createToken(s.shop, s.shop.adam.cookie, s.birch);
  const created = await scim(s.shop, acmeToken, "POST", "/Users", okta.createUser("ann@acme.example"));
  acmeUserId = String(created.json.id);
});
afterAll(() => s?.shop.t.close());

const expectScimError = (answer: { status: number; json: Record<string, unknown> }, status: number) => {
  expect(answer.status).toBe(status);
  expect(answer.json.schemas).toEqual([ERROR_SCHEMA]);
  expect(answer.json.status).toBe(String(status));
};

describe("the token", () => {
  it("is shown once on the Sign-in tab, which then shows only the base URL and that one is in use", async () => {
    const tab = await answer(
      signIn.loader,
      getRequest(`http://shop.test/dashboard/company/${s.acme}/sign-in`, s.shop.olivia.cookie),
      s.shop.context,
      { slug: s.acme },
    );
    const directory = tab.data.directory as { baseUrl: string; token: unknown };
    expect(directory.baseUrl).toBe("http://shop.test/api/scim/v2");
    expect(directory.token).not.toBeNull();
    expect(JSON.stringify(tab.data)).not.toContain(acmeToken);
    const [row] = await s.shop.t.db.select().from(scimManagedCredentials);
    expect(JSON.stringify(row)).not.toContain(acmeToken.split(".")[1]);
  });

  it("is refused when wrong, with a 401 in SCIM's error format", async () => {
    expectScimError(await scim(s.shop, `${acmeToken}x`, "GET", "/Users"), 401);
    expectScimError(await scim(s.shop, "not-a-token", "GET", "/Users"), 401);
    const forged = `${acmeToken.split(".")[0]}.${"A".repeat(acmeToken.split(".")[1]!.length)}`;
    expectScimError(await scim(s.shop, forged, "POST", "/Users", okta.createUser("eve@acme.example")), 401);
    expect(await accountOf(s.shop, "eve@acme.example", s.acme)).toBeNull();
  });

  it("stops working when replaced or revoked, and both are in the company's log", async () => {
    const old = acmeToken;
    acmeToken = await createToken(s.shop, s.shop.olivia.cookie, s.acme);
    expectScimError(await scim(s.shop, old, "GET", "/Users"), 401);
    expect((await scim(s.shop, acmeToken, "GET", "/Users")).status).toBe(200);
    const revoked = await signInAction(s.shop, s.shop.olivia.cookie, s.acme, "revoke-scim-token");
    expect(revoked.status).toBe(302);
    expectScimError(await scim(s.shop, acmeToken, "GET", "/Users"), 401);
    expect((await signInAction(s.shop, s.shop.olivia.cookie, s.acme, "revoke-scim-token")).status).toBe(404);
    const log = await s.shop.t.db
      .select()
      .from(companyEvents)
      .where(eq(companyEvents.actorUserId, s.shop.olivia.id));
    expect(log.map((e) => e.action).filter((a) => a.startsWith("scim-"))).toEqual([
      "scim-token-created",
      "scim-token-created",
      "scim-token-revoked",
    ]);
    acmeToken = await createToken(s.shop, s.shop.olivia.cookie, s.acme);
    // The connection (and so its people) stays the company's across tokens.
    expect((await scim(s.shop, acmeToken, "GET", `/Users/${acmeUserId}`)).status).toBe(200);
  });

  it("cannot be made by another company's owner", async () => {
    const refused = await signInAction(s.shop, s.shop.adam.cookie, s.acme, "create-scim-token");
    expect(refused.status).toBe(404);
    expect(refused.data.scimToken).toBeUndefined();
  });
});

describe("requests", () => {
  it("refuses a duplicate userName with 409", async () => {
    const twice = await scim(s.shop, acmeToken, "POST", "/Users", {
      ...okta.createUser("ann@acme.example"),
      externalId: "another",
    });
    expectScimError(twice, 409);
    expect(twice.json.scimType).toBe("uniqueness");
  });

  it("refuses a malformed PATCH with 400, and changes nothing", async () => {
    const path = `/Users/${acmeUserId}`;
    expectScimError(await scim(s.shop, acmeToken, "PATCH", path, "{not json"), 400);
    expectScimError(await scim(s.shop, acmeToken, "PATCH", path, { schemas: ["x"], Operations: [] }), 400);
    const badOp = { ...okta.deactivate, Operations: [{ op: "explode", path: "active", value: false }] };
    expectScimError(await scim(s.shop, acmeToken, "PATCH", path, badOp), 400);
    expect((await accountOf(s.shop, "ann@acme.example", s.acme))?.member).not.toBeNull();
  });

  it("pages with startIndex and count", async () => {
    for (const n of [1, 2, 3, 4]) {
      const body = { ...okta.createUser(`p${n}@acme.example`), externalId: `okta-${n}` };
      expect((await scim(s.shop, acmeToken, "POST", "/Users", body)).status).toBe(201);
    }
    const first = await scim(s.shop, acmeToken, "GET", "/Users?startIndex=1&count=2");
    expect(first.json.totalResults).toBe(5);
    expect(first.json.itemsPerPage).toBe(2);
    expect(first.json.startIndex).toBe(1);
    const rest = await scim(s.shop, acmeToken, "GET", "/Users?startIndex=3&count=10");
    expect(rest.json.Resources).toHaveLength(3);
    const ids = [...first.json.Resources!, ...rest.json.Resources!].map((r) => r.id);
    expect(new Set(ids).size).toBe(5);
  });
});

describe("one company's directory", () => {
  it("never reads or changes another company's people", async () => {
    const list = await scim(s.shop, birchToken, "GET", "/Users");
    expect(list.json.totalResults).toBe(0);
    expect((await scim(s.shop, birchToken, "GET", okta.filter("ann@acme.example"))).json.totalResults).toBe(
      0,
    );
    expectScimError(await scim(s.shop, birchToken, "GET", `/Users/${acmeUserId}`), 404);
    expectScimError(await scim(s.shop, birchToken, "PATCH", `/Users/${acmeUserId}`, okta.deactivate), 404);
    expectScimError(
      await scim(s.shop, birchToken, "PATCH", `/Users/${acmeUserId}`, entra.disableAsString),
      404,
    );
    expectScimError(await scim(s.shop, birchToken, "DELETE", `/Users/${acmeUserId}`), 404);
    expect((await accountOf(s.shop, "ann@acme.example", s.acme))?.member).not.toBeNull();
  });

  it("gets its own people only: the same address cannot be taken from another company", async () => {
    const taken = await scim(s.shop, birchToken, "POST", "/Users", okta.createUser("ann@acme.example"));
    expectScimError(taken, 409);
    const own = await scim(s.shop, birchToken, "POST", "/Users", okta.createUser("bo@birch.example"));
    expect(own.status).toBe(201);
    expect((await accountOf(s.shop, "bo@birch.example", s.birch))?.member?.role).toBe("member");
    expect((await accountOf(s.shop, "bo@birch.example", s.acme))?.member).toBeNull();
    expect((await scim(s.shop, acmeToken, "GET", `/Users/${own.json.id}`)).status).toBe(404);
  });

  it("is refused once the company is gone, and makes no account", async () => {
    const cedar = await companyRoutes(s.shop).createCompany(s.shop.mia, { name: "Cedar" });
    const slug = cedar.location!.split("/").pop()!;
    const cedarToken = await createToken(s.shop, s.shop.mia.cookie, slug);
    // Its only person deletes their account, and the company goes with it.
    const deleted = await answer(
      account.action,
      postRequest(
        "http://shop.test/dashboard/settings/account",
        { intent: "delete-account", password: "customer-pass-1", confirm: "on" },
        s.shop.mia.cookie,
      ),
      s.shop.context,
    );
    expect(deleted.status).toBe(302);
    expect(await s.shop.t.db.select().from(organizations).where(eq(organizations.slug, slug))).toHaveLength(
      0,
    );
    const refused = await scim(s.shop, cedarToken, "POST", "/Users", okta.createUser("late@cedar.example"));
    expectScimError(refused, 401);
    expectScimError(await scim(s.shop, cedarToken, "GET", "/Users"), 401);
    expect(await accountOf(s.shop, "late@cedar.example", s.acme)).toBeNull();
  });
});
