// 'Sign in with your company' through a company's SAML 2.0 identity provider, on both databases: the company adds
// it on its Sign-in tab (metadata pasted or by URL), a new person signs in through the whole round trip and joins
// the company, and every forged, misdirected, stale or replayed response is refused with no session made.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyEvents, members, users } from "~/db/schema";
import { SAML_METADATA_MESSAGE } from "~/schemas/company-sign-in";
import { answer, CookieJar, getRequest, postRequest } from "../../../tests/support/routes";
import type { ResponseChange } from "../../../tests/support/saml-idp";
import * as authApi from "../api/auth";
import { companyWithSamlProvider, DOMAIN } from "./company-saml-fixture";

let c: Awaited<ReturnType<typeof companyWithSamlProvider>>;
beforeAll(async () => {
  c = await companyWithSamlProvider("company-saml");
});
afterAll(async () => {
  await c.idp.close();
  await c.shop.t.close();
});

const person = (first: string) => ({
  email: `${first.toLowerCase()}-${crypto.randomUUID().slice(0, 8)}@${DOMAIN}`,
  displayName: `${first} Tester`,
});
const refusal = async (fields: Record<string, string>) => {
  const answered = await c.postTab({ intent: "add-saml", ...fields });
  return { status: answered.status, text: JSON.stringify(answered.data) };
};
const HOUR = 60 * 60 * 1000;

describe("a company's SAML provider, added on its Sign-in tab", () => {
  it("asks for exactly one of the metadata XML and its URL", async () => {
    const both = { metadataXml: c.idp.metadata, metadataUrl: c.idp.url("/metadata") };
    for (const fields of [{}, both] as Record<string, string>[]) {
      const answered = await refusal(fields);
      expect(answered.status).toBe(400);
      expect(answered.text).toContain(SAML_METADATA_MESSAGE);
    }
  });

  const xml = (metadataXml: string) => () => ({ metadataXml });
  const at = (path: string) => () => ({ metadataUrl: c.idp.url(path) });
  it.each<[string, () => Record<string, string>, string]>([
    ["XML that is not metadata", xml("<html>hello</html>"), "could not be read"],
    ["a DOCTYPE", xml(`<!DOCTYPE x [<!ENTITY a "b">]>\n<x/>`), "DOCTYPE"],
    [
      "metadata without a signing certificate",
      () => ({ metadataXml: c.idp.metadata.replace(/<KeyDescriptor[\s\S]*<\/KeyDescriptor>/, "") }),
      "no signing certificate",
    ],
    [
      "a provider that wants signed requests",
      () => ({
        metadataXml: c.idp.metadata.replace(
          'WantAuthnRequestsSigned="false"',
          'WantAuthnRequestsSigned="true"',
        ),
      }),
      "WantAuthnRequestsSigned",
    ],
    ["a URL on a private address", () => ({ metadataUrl: "https://10.0.0.1/metadata" }), "public address"],
    ["a URL that redirects", at("/moved"), "redirects elsewhere"],
    ["a URL serving more than 100 KB", at("/huge"), "larger than 100 KB"],
  ])("refuses %s, saying why", async (_, fields, message) => {
    const answered = await refusal(fields());
    expect(answered.status).toBe(422);
    expect(answered.text).toContain(message);
    expect((await c.openTab()).data.provider).toBeNull();
  });

  it("adds it from pasted metadata, shows what to register at the provider, and removes it", async () => {
    expect((await c.postTab({ intent: "add-saml", metadataXml: c.idp.metadata })).status).toBe(302);
    const page = (await c.openTab()).data;
    expect(page.provider).toEqual({ issuer: c.idp.entityId, protocol: "SAML", active: true });
    expect(page.saml).toEqual({ entityId: c.spMetadataUrl, acsUrl: c.acsUrl });
    expect((await c.postTab({ intent: "remove-provider" })).status).toBe(302);
    expect((await c.openTab()).data.provider).toBeNull();
  });

  it("adds it from its metadata URL, and serves the shop's metadata wanting signed assertions", async () => {
    expect((await c.postTab({ intent: "add-saml", metadataUrl: c.idp.url("/metadata") })).status).toBe(302);
    const served = await c.registerShopAtProvider();
    expect(served.status).toBe(200);
    expect(served.body).toContain(`entityID="${c.spMetadataUrl.replace(/&/g, "&amp;")}"`);
    expect(served.body).toContain(`Location="${c.acsUrl}"`);
    expect(served.body).toContain('WantAssertionsSigned="true"');
    const log = await c.shop.t.db
      .select()
      .from(companyEvents)
      .where(eq(companyEvents.organizationId, c.company.id));
    expect(log.filter((e) => e.action === "provider-added").map((e) => e.subject)).toEqual([
      c.idp.entityId,
      c.idp.entityId,
    ]);
  });
});

describe("Sign in with your company by SAML", () => {
  it("signs a new person in through the whole round trip and makes them a member just in time", async () => {
    const nina = { email: `nina@${DOMAIN}`, displayName: "Nina Park" };
    const { started, returned, jar } = await c.signIn(nina.email, nina);
    expect(started.status).toBe(302);
    expect(started.location).toMatch(new RegExp(`^${c.idp.ssoUrl}\\?SAMLRequest=`));
    expect(returned.status).toBe(302);
    expect(returned.location).toBe("/login/company");
    expect(jar.has("session_token")).toBe(true);
    expect(await c.sessionsOf(nina.email)).toBe(1);
    const [user] = await c.shop.t.db.select().from(users).where(eq(users.email, nina.email));
    expect(user).toMatchObject({ name: "Nina Park", emailVerified: true });
    const [membership] = await c.shop.t.db
      .select({ role: members.role })
      .from(members)
      .where(and(eq(members.userId, user!.id), eq(members.organizationId, c.company.id)));
    expect(membership?.role).toBe("member");
    const log = await c.shop.t.db
      .select()
      .from(companyEvents)
      .where(eq(companyEvents.organizationId, c.company.id));
    expect(log.some((e) => e.action === "joined" && e.subject === nina.email)).toBe(true);
  });

  it("accepts a provider whose clock runs half a minute ahead of the shop's", async () => {
    const ahead = person("Ahead");
    const { returned } = await c.signIn(ahead.email, ahead, { notBefore: new Date(Date.now() + 30_000) });
    expect(returned.location).toBe("/login/company");
    expect(await c.sessionsOf(ahead.email)).toBe(1);
  });

  it("serves the assertion consumer and the shop's metadata, and no other endpoint of the plugin", async () => {
    const url = (path: string) => `http://shop.test/api/auth/sso${path}`;
    for (const path of ["/saml2/sp/slo/x", "/register", "/saml2/sp/metadata/x", "/providers"])
      expect((await answer(authApi.loader, getRequest(url(path)), c.shop.context)).status).toBe(404);
    const posted = (path: string) => answer(authApi.action, postRequest(url(path), {}), c.shop.context);
    expect((await posted("/saml2/sp/metadata")).status).toBe(404);
    expect((await posted("/saml2/sp/slo/x")).status).toBe(404);
    expect((await posted(c.acsUrl.slice(url("").length))).status).not.toBe(404);
  });
});

describe("a hostile or broken response", () => {
  /** Refused for `reason` (the error the shop was sent back with): no session cookie, no session for `emails`. */
  const refused = async (
    returned: { location: string | null },
    jar: CookieJar,
    reason: RegExp,
    ...emails: string[]
  ) => {
    expect(returned.location).toMatch(/[?&]error=/);
    expect(decodeURIComponent(returned.location!.replace(/\+/g, " "))).toMatch(reason);
    expect(jar.has("session_token")).toBe(false);
    for (const email of emails) expect(await c.sessionsOf(email)).toBe(0);
  };

  it.each<[string, ResponseChange, RegExp]>([
    ["with neither the response nor the assertion signed", { signing: "none" }, /Invalid SAML response/],
    [
      "with only the response signed, not the assertion",
      { signing: "response" },
      /assertion signature is required/,
    ],
    ["for another service provider (audience)", { audience: "https://other-shop.example/saml" }, /audience/],
    [
      "for another recipient",
      { recipient: "https://other-shop.example/saml/acs" },
      /Recipient does not match/,
    ],
    ["sent to another destination", { destination: "https://other-shop.example/saml/acs" }, /Destination/],
    [
      "expired",
      { notBefore: new Date(Date.now() - 2 * HOUR), notOnOrAfter: new Date(Date.now() - HOUR) },
      /Invalid SAML response/,
    ],
    ["without the times it is valid for", { untimed: true }, /missing required timestamp/],
  ])("refuses a response %s, and makes no session", async (_, change, reason) => {
    const someone = person("Tampered");
    const { returned, jar } = await c.signIn(someone.email, someone, change);
    await refused(returned, jar, reason, someone.email);
  });

  it.each(["beside", "around"] as const)(
    "refuses a wrapped signature: another's unsigned assertion %s the signed one",
    async (placement) => {
      const mallory = person("Mallory");
      const victim = person("Victim");
      const { returned, jar } = await c.signIn(mallory.email, mallory, { wrap: { user: victim, placement } });
      await refused(returned, jar, /contains 2 assertions/, mallory.email, victim.email);
    },
  );

  it("refuses the same response posted twice", async () => {
    const rita = person("Rita");
    const { response } = await c.signIn(rita.email, rita);
    expect(await c.sessionsOf(rita.email)).toBe(1);
    const again = new CookieJar();
    await refused(await c.postToAcs(response, again), again, /Unknown or expired request ID/);
    expect(await c.sessionsOf(rita.email)).toBe(1);
  });

  it("refuses an assertion ID used before, even answering a new request", async () => {
    const sam = person("Sam");
    const assertionId = `_reused-${crypto.randomUUID()}`;
    await c.signIn(sam.email, sam, { assertionId });
    expect(await c.sessionsOf(sam.email)).toBe(1);
    const { jar, started } = await c.startSignIn(sam.email);
    const request = await c.idp.readRequest(started.location!);
    const replayed = await c.idp.respond(request, sam, { assertionId });
    await refused(await c.postToAcs(replayed, jar), jar, /already been used/);
    expect(await c.sessionsOf(sam.email)).toBe(1);
  });

  it("refuses a response no sign-in of the shop asked for (started at the provider)", async () => {
    const uma = person("Uma");
    const jar = new CookieJar();
    await refused(
      await c.postToAcs(await c.idp.respond(null, uma), jar),
      jar,
      /IdP-initiated SSO not allowed/,
      uma.email,
    );
  });
});

describe("addresses outside the company's verified domains", () => {
  it.each([
    // Our session rule refuses it (company-sign-in.server.ts); the plugin would have made the session.
    [
      "a new address elsewhere",
      `eve-${crypto.randomUUID().slice(0, 8)}@elsewhere.test`,
      "unable_to_create_session",
    ],
    // The plugin links no account of an address outside the provider's domains.
    ["the address of someone else's account", "olivia@example.com", "account_not_linked"],
  ])("never lets the company's provider sign in %s", async (_, email, error) => {
    const membersNamed = () =>
      c.shop.t.db
        .select({ role: members.role })
        .from(members)
        .innerJoin(users, eq(users.id, members.userId))
        .where(and(eq(users.email, email), eq(members.organizationId, c.company.id)));
    const [sessionsBefore, membersBefore] = [await c.sessionsOf(email), await membersNamed()];
    const { returned, jar } = await c.signIn(`someone@${DOMAIN}`, { email, displayName: "Named" });
    const landed = new URL(returned.location!, "http://shop.test");
    expect(landed.pathname).toBe("/login/company");
    expect(landed.searchParams.get("error")).toBe(error);
    expect(jar.has("session_token")).toBe(false);
    expect(await c.sessionsOf(email)).toBe(sessionsBefore);
    expect(await membersNamed()).toEqual(membersBefore);
  });
});
