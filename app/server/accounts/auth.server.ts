// Over 300 lines: the one place better-auth is configured, with the guards that read its sessions.
// Accounts and sessions (better-auth) and the guards every loader and action uses. Roles live only here.

import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, twoFactor } from "better-auth/plugins";
import { and, eq } from "drizzle-orm";
import type { Logger } from "pino";
import { redirect } from "react-router";
import { accounts, sessions, twoFactors, users, verifications } from "~/db/schema";
import type { Database } from "../platform/db.server";
import type { OutgoingEmail } from "../platform/email/mailer.server";
import {
  accountExistsEmail,
  passwordResetEmail,
  verificationEmail,
} from "../platform/email/templates.server";
import type { Config } from "../platform/env.server";
import { redirectWithToast } from "../platform/toast.server";
import { allowAccountEmail } from "./limits.server";
import { totpReplayGuard } from "./totp-replay.server";

type Role = "customer" | "admin";
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

export function createAuth(opts: {
  db: Database;
  config: Config;
  logger?: Logger;
  /** Queues an e-mail through the outbox. */
  queueEmail: (message: OutgoingEmail) => Promise<void>;
  /** What a new customer gets beyond the account (their referral code): the domains above accounts/ say. */
  onCustomerCreated: (db: Database, userId: string) => Promise<unknown>;
}) {
  const { config } = opts;
  const shop = config.shop.name;
  return betterAuth({
    appName: shop,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    telemetry: { enabled: false },
    // Its messages join our JSON log lines; failed sign-ins are routine, so they are debug, not warnings.
    logger: {
      log: (level, message) => {
        if (level === "warn") opts.logger?.debug({ source: "auth" }, message);
        else opts.logger?.[level]({ source: "auth" }, message);
      },
    },
    // Our own limiter (rate-limit.server.ts) guards the sign-in form; the handler only serves GET links and callbacks.
    rateLimit: { enabled: false },
    database: drizzleAdapter(opts.db, {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
      },
    }),
    databaseHooks: {
      session: { create: { before: refuseSocialSignInWithTwoFactor(opts.db) } },
      user: {
        create: {
          // Every customer can refer from the start; admins are not resellers. Runs after the sign-up commits.
          after: async (user) => {
            if ((user as { role?: string | null }).role === "admin") return;
            await opts.onCustomerCreated(opts.db, user.id);
          },
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      // Registering a taken address answers as a new registration does; its owner is told by e-mail instead.
      onExistingUserSignUp: async ({ user }) => {
        if (!(await allowAccountEmail(opts.db, "verification", user.email))) {
          opts.logger?.info(
            { source: "auth" },
            "account-exists e-mail not sent: the recipient's limit is reached",
          );
          return;
        }
        await opts.queueEmail(
          accountExistsEmail({
            shop,
            to: user.email,
            loginUrl: `${config.publicUrl}/login`,
            resetUrl: `${config.publicUrl}/forgot-password`,
          }),
        );
      },
      sendResetPassword: async ({ user, url }) => {
        if (!(await allowAccountEmail(opts.db, "reset", user.email))) {
          opts.logger?.info(
            { source: "auth" },
            "password reset e-mail not sent: the recipient's limit is reached",
          );
          return;
        }
        const name = user.emailVerified ? user.name : null;
        await opts.queueEmail(passwordResetEmail({ shop, to: user.email, name, url }));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        if (await allowAccountEmail(opts.db, "verification", user.email))
          await opts.queueEmail(verificationEmail({ shop, to: user.email, url }));
        else
          opts.logger?.info(
            { source: "auth" },
            "verification e-mail not sent: the recipient's limit is reached",
          );
      },
    },
    // E-mail changes are ours (email-change.server.ts): they need the password and can be stopped by the old address.
    user: { changeEmail: { enabled: false } },
    socialProviders: {
      ...(config.google ? { google: config.google } : {}),
      ...(config.apple ? { apple: config.apple } : {}),
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      // joins: a session and its user in one joined query on every signed-in page, not two (schema relations).
      database: { generateId: () => crypto.randomUUID(), joins: true },
    },
    plugins: [
      admin({ defaultRole: "customer", adminRoles: ["admin"] }),
      // TOTP with ten single-use backup codes (two-factor.server.ts). A sign-in with it enabled ends with a
      // challenge cookie instead of a session until the code step succeeds.
      twoFactor({ issuer: shop }),
      totpReplayGuard(opts.db),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Where better-auth makes a session from Google or Apple: the OAuth callback, or an ID token posted directly. */
const SOCIAL_SIGN_IN = /^\/(callback\/|sign-in\/social)/;

/**
 * Google and Apple sign-ins have no code step, so an account with two-factor authentication on may not use them:
 * no session is made and the visitor lands on /login?error=unable_to_create_session.
 */
export function refuseSocialSignInWithTwoFactor(db: Database) {
  return async (session: { userId: string }, ctx: { path?: string } | null | undefined) => {
    if (!ctx?.path || !SOCIAL_SIGN_IN.test(ctx.path)) return;
    const [user] = await db
      .select({ twoFactorEnabled: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.id, session.userId));
    if (user?.twoFactorEnabled) return false;
  };
}

/** Whoever asks who is signed in: a request's load context (React Router's, shared by its loaders), or a test's. */
export type SessionSource = { auth: Auth };

/**
 * The root, the layout and the page each ask who is signed in, in parallel, and React Router hands each loader a
 * Request of its own but one load context per HTTP request; so the answer is kept with that context, and a page
 * load (a GET) asks the database once. Not for other methods: an action may sign out or change the account
 * before the loaders read it again.
 */
const answersOfRequest = new WeakMap<SessionSource, Map<string, Promise<SessionUser | null>>>();

export function getSessionUser(source: SessionSource, request: Request): Promise<SessionUser | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return lookUpSessionUser(source.auth, request);
  let known = answersOfRequest.get(source);
  if (!known) {
    known = new Map();
    answersOfRequest.set(source, known);
  }
  const key = `${request.headers.get("cookie") ?? ""}\n${request.headers.get("authorization") ?? ""}`;
  let user = known.get(key);
  if (!user) {
    user = lookUpSessionUser(source.auth, request);
    known.set(key, user);
  }
  return user;
}

async function lookUpSessionUser(auth: Auth, request: Request): Promise<SessionUser | null> {
  const session = await auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const u = session.user as typeof session.user & { role?: string | null };
  return { id: u.id, name: u.name, email: u.email, role: u.role === "admin" ? "admin" : "customer" };
}

/**
 * The page a request is for, as the visitor sees it: React Router's data requests (v8_passThroughRequests) carry
 * a `.data` suffix and parameters of their own, which a link back must not.
 */
function pageAddress(request: Request) {
  const url = new URL(request.url);
  let path = url.pathname.replace(/\.data$/, "");
  if (path !== url.pathname) path = path.replace(/\/(?:_root|_)$/, "/");
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const search = url.searchParams.size ? `?${url.searchParams}` : "";
  return `${path || "/"}${search}`;
}

/** A signed-in account, else a redirect to /login that comes back here afterwards. */
export async function requireUser(source: SessionSource, request: Request) {
  const user = await getSessionUser(source, request);
  if (user) return user;
  throw redirect(`/login?redirectTo=${encodeURIComponent(pageAddress(request))}`);
}

/** An admin, else: pages redirect to /admin-login with a toast; direct calls to actions get 403. */
export async function requireAdmin(source: SessionSource, request: Request) {
  const user = await getSessionUser(source, request);
  if (user?.role === "admin") return user;
  if (request.method !== "GET" && request.method !== "HEAD") {
    throw new Response("Admin role required", { status: 403 });
  }
  throw await redirectWithToast("/admin-login", {
    type: "error",
    title: "Access denied",
    description: "You must be logged in as an admin to view this page",
  });
}

/** Creates an admin account, or makes an existing account an admin with this password. */
export async function upsertAdmin(
  auth: Auth,
  db: Database,
  input: { email: string; password: string; name?: string },
): Promise<"created" | "updated"> {
  const ctx = await auth.$context;
  const hash = await ctx.password.hash(input.password);
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.email, email));
    const userId = existing?.id ?? crypto.randomUUID();
    if (existing) {
      await tx.update(users).set({ role: "admin", emailVerified: true }).where(eq(users.id, userId));
    } else {
      await tx.insert(users).values({
        id: userId,
        email,
        name: input.name ?? "Administrator",
        role: "admin",
        emailVerified: true,
      });
    }
    const [credential] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
    if (credential) {
      await tx.update(accounts).set({ password: hash }).where(eq(accounts.id, credential.id));
    } else {
      await tx.insert(accounts).values({
        id: crypto.randomUUID(),
        userId,
        accountId: userId,
        providerId: "credential",
        password: hash,
      });
    }
    return existing ? "updated" : "created";
  });
}

let dummyHash: Promise<string> | undefined;

/**
 * The admin login's credential check. It does the same password work whether the e-mail belongs to an admin,
 * to a customer or to nobody, so its timing does not tell a stranger which e-mails are admins'.
 */
export async function checkAdminPassword(auth: Auth, db: Database, email: string, password: string) {
  const ctx = await auth.$context;
  const [row] = await db
    .select({ role: users.role, hash: accounts.password })
    .from(users)
    .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, "credential")))
    .where(eq(users.email, email.trim().toLowerCase()));
  const isAdmin = row?.role === "admin" && Boolean(row.hash);
  dummyHash ??= ctx.password.hash(crypto.randomUUID());
  const hash = isAdmin ? row!.hash! : await dummyHash;
  const valid = await ctx.password.verify({ hash, password });
  return isAdmin && valid;
}

export async function adminExists(db: Database) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  return Boolean(row);
}

/**
 * Runs a better-auth endpoint as a Response and returns its status, JSON body and cookies,
 * so form actions can forward the session cookie on their own redirect.
 */
export async function callAuth(run: () => Promise<Response>) {
  const response = await run();
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as Record<string, unknown> | null;
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return { ok: response.ok, status: response.status, body, headers };
}
