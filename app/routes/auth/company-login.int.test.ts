// 'Sign in with your company' through a real OpenID Connect round trip against a provider on 127.0.0.1.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyEvents, members, sessions, users } from "~/db/schema";
import { COMPANY_LOGIN_ERRORS } from "~/server/accounts/company-login.server";
import { verifiedCustomer } from "../../../tests/support/auth";
import { answer, getRequest } from "../../../tests/support/routes";
import * as authApi from "../api/auth";
import * as companyLogin from "./company-login";
import { companyWithProvider, DOMAIN } from "./company-sso-fixture";

let c: Awaited<ReturnType<typeof companyWithProvider>>;
beforeAll(async () => {
  c = await companyWithProvider("company-login");
});
afterAll(async () => {
  await c.idp.close();
  await c.shop.t.close();
});

describe("Sign in with your company", () => {
  it("signs a new person in through the company's provider and makes them a member just in time", async () => {
    c.idp.signsIn({ sub: "u-nina", email: `nina@${DOMAIN}`, name: "Nina Park", email_verified: true });
    const { started, returned } = await c.signIn(`nina@${DOMAIN}`);
    expect(started.status).toBe(302);
    expect(started.location).toContain(`${c.idp.issuer}/authorize`);
    expect(returned.status).toBe(302);
    expect(returned.location).toBe("/login/company");
    const [nina] = await c.shop.t.db
      .select()
      .from(users)
      .where(eq(users.email, `nina@${DOMAIN}`));
    expect(nina?.emailVerified).toBe(true);
    const [membership] = await c.shop.t.db
      .select({ role: members.role })
      .from(members)
      .where(and(eq(members.userId, nina!.id), eq(members.organizationId, c.company.id)));
    expect(membership?.role).toBe("member");
    const log = await c.shop.t.db
      .select()
      .from(companyEvents)
      .where(eq(companyEvents.organizationId, c.company.id));
    expect(log.some((e) => e.action === "joined" && e.subject === `nina@${DOMAIN}`)).toBe(true);
  });

  it("signs an existing account of the domain into that same account, and makes it a member", async () => {
    const pat = await verifiedCustomer(c.shop.auth, c.shop.t.db, "Pat", `pat@${DOMAIN}`);
    c.idp.signsIn({ sub: "u-pat", email: `pat@${DOMAIN}`, name: "Pat", email_verified: true });
    const { returned } = await c.signIn(`pat@${DOMAIN}`);
    expect(returned.location).toBe("/login/company");
    expect(
      await c.shop.t.db
        .select()
        .from(users)
        .where(eq(users.email, `pat@${DOMAIN}`)),
    ).toHaveLength(1);
    const [membership] = await c.shop.t.db.select().from(members).where(eq(members.userId, pat.id));
    expect(membership?.organizationId).toBe(c.company.id);
  });
});

describe("a hostile or broken provider", () => {
  const sessionsOf = async (email: string) => {
    const [u] = await c.shop.t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!u) return 0;
    return (await c.shop.t.db.select().from(sessions).where(eq(sessions.userId, u.id))).length;
  };

  it.each([
    ["another issuer", { iss: "https://evil.example" }],
    ["another audience", { aud: "someone-else" }],
    ["an expired token", { exp: Math.floor(Date.now() / 1000) - 3600 }],
  ])("refuses an ID token with %s, and makes no session", async (_, change) => {
    const email = `tampered-${crypto.randomUUID().slice(0, 8)}@${DOMAIN}`;
    c.idp.signsIn({ sub: email, email, name: "Tampered", email_verified: true });
    c.idp.tamperWithIdToken(change);
    const logged = c.logLines.length;
    const { returned, jar } = await c.signIn(email);
    expect(returned.location).toMatch(/^\/login\/company\?error=/);
    expect(jar.has("session_token")).toBe(false);
    expect(await sessionsOf(email)).toBe(0);
    // Logged, and without the token (every JWT starts "eyJ").
    const lines = c.logLines.slice(logged).join("");
    expect(lines.length).toBeGreaterThan(0);
    expect(lines).not.toContain("eyJ");
  });

  it("refuses a callback replayed with a state already used", async () => {
    c.idp.signsIn({ sub: "u-rita", email: `rita@${DOMAIN}`, name: "Rita", email_verified: true });
    const { jar, callback } = await c.signIn(`rita@${DOMAIN}`);
    expect(await sessionsOf(`rita@${DOMAIN}`)).toBe(1);
    const again = await answer(authApi.loader, getRequest(callback, jar.header()), c.shop.context);
    expect(again.location).toMatch(/error=/);
    expect(await sessionsOf(`rita@${DOMAIN}`)).toBe(1);
  });

  it("refuses an ID token whose e-mail the provider says is not verified", async () => {
    c.idp.signsIn({ sub: "u-ulla", email: `ulla@${DOMAIN}`, name: "Ulla", email_verified: false });
    const { returned, jar } = await c.signIn(`ulla@${DOMAIN}`);
    expect(returned.location).toBe("/login/company?error=sso_email_not_verified");
    expect(jar.has("session_token")).toBe(false);
    const page = await answer(
      companyLogin.loader,
      getRequest(`http://shop.test${returned.location}`),
      c.shop.context,
    );
    expect(page.data.error).toBe(COMPANY_LOGIN_ERRORS.sso_email_not_verified);
  });

  it("never lets the company's provider into an account outside its verified domains", async () => {
    // The provider names Olivia's own address (example.com, not the company's domain).
    c.idp.signsIn({ sub: "u-olivia", email: c.shop.olivia.email, name: "Olivia", email_verified: true });
    const before = await sessionsOf(c.shop.olivia.email);
    const { jar } = await c.startSignIn(`someone@${DOMAIN}`);
    const started = await c.startSignIn(`someone@${DOMAIN}`, jar);
    const { returned } = await c.finishAtProvider(started.started.location!, jar);
    expect(returned.location).toMatch(/^\/login\/company\?error=/);
    expect(jar.has("session_token")).toBe(false);
    expect(await sessionsOf(c.shop.olivia.email)).toBe(before);
  });
});
