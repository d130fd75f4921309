import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emailOutbox, referrers, users } from "~/db/schema";
import { testAuth } from "../../../tests/support/auth";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { enqueueEmail } from "../platform/email/outbox.server";
import { loadConfig } from "../platform/env.server";
import { adminExists, checkAdminPassword, upsertAdmin } from "./admin-accounts.server";
import { type Auth, callAuth } from "./auth.server";
import { getSessionUser, requireAdmin, requireUser } from "./session.server";
import { configuredSocialProviders, startSocialLogin } from "./social-login.server";

let t: TestDb;
let auth: Auth;
const config = loadConfig({
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "auth-")),
  PUBLIC_URL: "http://shop.test",
  GOOGLE_CLIENT_ID: "google-client",
  GOOGLE_CLIENT_SECRET: "google-secret",
});

beforeAll(async () => {
  t = await createTestDb();
  auth = testAuth(t.db, config, async (m) => {
    await enqueueEmail(t.db, m);
  });
});
afterAll(async () => {
  await t.close();
});

const request = (url: string, init?: RequestInit) => new Request(`http://shop.test${url}`, init);

async function signIn(email: string, password: string) {
  return callAuth(() =>
    auth.api.signInEmail({ body: { email, password }, headers: new Headers(), asResponse: true }),
  );
}

function cookieHeader(headers: Headers) {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

describe("accounts", () => {
  it("creates an admin once, then updates its password", async () => {
    expect(await adminExists(t.db)).toBe(false);
    expect(await upsertAdmin(auth, t.db, { email: "Boss@Example.com", password: "first-pass-1" })).toBe(
      "created",
    );
    expect(await adminExists(t.db)).toBe(true);
    expect((await signIn("boss@example.com", "first-pass-1")).ok).toBe(true);

    expect(await upsertAdmin(auth, t.db, { email: "boss@example.com", password: "second-pass-2" })).toBe(
      "updated",
    );
    expect((await signIn("boss@example.com", "first-pass-1")).ok).toBe(false);
    expect((await signIn("boss@example.com", "second-pass-2")).ok).toBe(true);
  });

  it("registers a customer who must verify the e-mail before signing in", async () => {
    const signUp = await callAuth(() =>
      auth.api.signUpEmail({
        body: {
          name: "Cara",
          email: "cara@example.com",
          password: "cara-pass-1",
          callbackURL: "/login?verified=1",
        },
        headers: new Headers(),
        asResponse: true,
      }),
    );
    expect(signUp.ok).toBe(true);
    const [user] = await t.db.select().from(users).where(eq(users.email, "cara@example.com"));
    expect(user).toMatchObject({ role: "customer", emailVerified: false });
    // Every customer can refer friends from the start: the code exists as soon as the account does.
    const [referrer] = await t.db.select().from(referrers).where(eq(referrers.userId, user!.id));
    expect(referrer?.code).toMatch(/^[A-Za-z0-9_-]{4,40}$/);
    const mail = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, "cara@example.com"));
    expect(mail[0]?.text).toMatch(/http:\/\/shop\.test\/api\/auth\/verify-email\?token=/);

    const refused = await signIn("cara@example.com", "cara-pass-1");
    expect(refused.status).toBe(403);
    expect(refused.body?.code).toBe("EMAIL_NOT_VERIFIED");
  });

  it("registering a taken address answers as a new registration and tells the address's owner, a few times at most", async () => {
    const register = () =>
      callAuth(() =>
        auth.api.signUpEmail({
          body: {
            name: "Someone Else",
            email: "Cara@Example.com",
            password: "other-pass-1",
            callbackURL: "/",
          },
          headers: new Headers(),
          asResponse: true,
        }),
      );
    const notices = async () =>
      (await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, "cara@example.com"))).filter((m) =>
        m.subject.startsWith("You already have"),
      );
    const first = await register();
    expect(first.ok).toBe(true);
    const [notice] = await notices();
    expect(notice?.text).toContain("http://shop.test/forgot-password");
    expect(notice?.text).not.toContain("Someone Else");
    for (let i = 0; i < 5; i++) expect((await register()).ok).toBe(true);
    // The recipient's hourly limit of account e-mails (3) holds, whoever keeps registering the address.
    expect((await notices()).length).toBeLessThanOrEqual(3);
    const accounts = await t.db.select().from(users).where(eq(users.email, "cara@example.com"));
    expect(accounts).toHaveLength(1);
  });

  it("guards: customers reach the dashboard, only admins the admin pages, and admin actions answer 403", async () => {
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.email, "cara@example.com"));
    const customer = await signIn("cara@example.com", "cara-pass-1");
    const customerCookie = cookieHeader(customer.headers);
    const admin = await signIn("boss@example.com", "second-pass-2");
    const adminCookie = cookieHeader(admin.headers);

    await expect(requireUser({ auth }, request("/dashboard"))).rejects.toMatchObject({ status: 302 });
    const user = await requireUser({ auth }, request("/dashboard", { headers: { Cookie: customerCookie } }));
    expect(user).toMatchObject({ email: "cara@example.com", role: "customer" });

    const page = await requireAdmin(
      { auth },
      request("/admin-dashboard", { headers: { Cookie: customerCookie } }),
    ).catch((r: Response) => r);
    expect(page).toBeInstanceOf(Response);
    expect((page as Response).headers.get("Location")).toBe("/admin-login");
    expect((page as Response).headers.get("Set-Cookie")).toMatch(/^toast=/);

    const action = await requireAdmin(
      { auth },
      request("/admin-dashboard", { method: "POST", headers: { Cookie: customerCookie } }),
    ).catch((r: Response) => r);
    expect((action as Response).status).toBe(403);

    const ok = await requireAdmin(
      { auth },
      request("/admin-dashboard", { method: "POST", headers: { Cookie: adminCookie } }),
    );
    expect(ok.role).toBe("admin");
  });

  it("admin sign-in does the same password work for an admin, a customer and an unknown e-mail", async () => {
    // Runs after the tests above: boss@example.com is an admin, cara@example.com a verified customer.
    expect(await checkAdminPassword(auth, t.db, "boss@example.com", "second-pass-2")).toBe(true);
    expect(await checkAdminPassword(auth, t.db, "cara@example.com", "cara-pass-1")).toBe(false);
    // The same work whoever it is: one verification against a stored hash of the same kind, so the answer's
    // time does not tell an admin's address from another.
    const verify = vi.spyOn((await auth.$context).password, "verify");
    const work = async (email: string) => {
      verify.mockClear();
      await checkAdminPassword(auth, t.db, email, "a-wrong-password");
      return verify.mock.calls.map(([{ hash }]) => hash.split(":").map((part) => part.length));
    };
    const admin = await work("boss@example.com");
    const customer = await work("cara@example.com");
    const nobody = await work("nobody@example.com");
    verify.mockRestore();
    expect(admin).toHaveLength(1);
    expect({ customer, nobody }).toEqual({ customer: admin, nobody: admin });
  });

  it("sends a configured Google sign-in to Google's consent page", async () => {
    const form = new FormData();
    form.set("provider", "google");
    const response = await startSocialLogin(auth, config, request("/login", { method: "POST" }), form);
    expect(response).toBeInstanceOf(Response);
    const location = (response as Response).headers.get("Location") ?? "";
    expect(new URL(location).hostname).toBe("accounts.google.com");
    expect(new URL(location).searchParams.get("client_id")).toBe("google-client");
  });

  it("offers only configured providers and refuses a hand-made post for the others", async () => {
    expect(configuredSocialProviders(config)).toEqual(["google"]);
    const form = new FormData();
    form.set("provider", "apple");
    const refused = await startSocialLogin(auth, config, request("/login", { method: "POST" }), form);
    expect(refused).not.toBeInstanceOf(Response);
    expect(refused).toMatchObject({
      init: { status: 400 },
      data: { socialError: "Login with Apple is not available" },
    });
  });

  it("a page load looks its session up once for all its loaders; an action, and the next page load, look again", async () => {
    await callAuth(() =>
      auth.api.signUpEmail({
        body: { name: "Lou", email: "lou@example.com", password: "lou-pass-12" },
        headers: new Headers(),
        asResponse: true,
      }),
    );
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.email, "lou@example.com"));
    const cookie = cookieHeader((await signIn("lou@example.com", "lou-pass-12")).headers);
    // React Router gives each loader a Request of its own.
    const loaderRequest = () => request("/dashboard", { headers: { Cookie: cookie } });
    const { sessions } = await import("~/db/schema");

    // One load context per HTTP request, shared by its loaders.
    const pageLoad = { auth };
    {
      const [root, layout] = await Promise.all([
        getSessionUser(pageLoad, loaderRequest()),
        getSessionUser(pageLoad, loaderRequest()),
      ]);
      expect(root?.email).toBe("lou@example.com");
      expect(layout).toEqual(root);
      // Signed out elsewhere while this page load runs: its last loader was answered with the first lookup...
      await t.db.delete(sessions).where(eq(sessions.userId, root!.id));
      expect((await getSessionUser(pageLoad, loaderRequest()))?.email).toBe("lou@example.com");
      // ...but an action reads the session again.
      const action = request("/dashboard", { method: "POST", headers: { Cookie: cookie } });
      expect(await getSessionUser(pageLoad, action)).toBeNull();
    }
    // The next page load is signed out.
    expect(await getSessionUser({ auth }, loaderRequest())).toBeNull();
  });
});
