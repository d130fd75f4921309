// 'Sign in with your company' through a real OpenID Connect round trip against a provider on 127.0.0.1.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyEvents, members, users } from "~/db/schema";
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
    expect(returned.location).toBe("/dashboard");
    const [nina] = await c.shop.t.db.select().from(users).where(eq(users.email, `nina@${DOMAIN}`));
    expect(nina?.emailVerified).toBe(true);
    const [membership] = await c.shop.t.db
      .select({ role: members.role })
      .from(members)
      .where(and(eq(members.userId, nina!.id), eq(members.organizationId, c.company.id)));
    expect(membership?.role).toBe("member");
    const log = await c.shop.t.db.select().from(companyEvents).where(eq(companyEvents.organizationId, c.company.id));
    expect(log.some((e) => e.action === "joined" && e.subject === `nina@${DOMAIN}`)).toBe(true);
  });
});
