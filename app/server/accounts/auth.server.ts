// Sign-in and accounts (better-auth): its one configuration, and how form actions call its endpoints. Who is
// signed in, and the guards that ask, are session.server.ts; admin accounts are admin-accounts.server.ts.
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, organization, twoFactor } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import {
  accounts,
  invitations,
  members,
  organizations,
  sessions,
  ssoProviders,
  twoFactors,
  users,
  verifications,
} from "~/db/schema";
import { setColumnSealingSecret } from "~/db/sealed-text";
import type { Database } from "../platform/db.server";
import type { OutgoingEmail } from "../platform/email/mailer.server";
import {
  accountExistsEmail,
  passwordResetEmail,
  verificationEmail,
} from "../platform/email/templates.server";
import type { Config } from "../platform/env.server";
import { companySignInPlugin, type OnCompanySignIn, refuseForeignSsoSession } from "./company-sign-in.server";
import { companyInvitationEmail } from "./invitation-email.server";
import { allowAccountEmail } from "./limits.server";
import { totpReplayGuard } from "./totp-replay.server";
/** How long an invitation to a company can be accepted. */
export const INVITATION_DAYS = 7;
/** The most people one company can have (and invitations it can have waiting). */
const COMPANY_MEMBERS_MAX = 10_000;

export function createAuth(opts: {
  db: Database;
  config: Config;
  logger?: Logger;
  /** Queues an e-mail through the outbox. */
  queueEmail: (message: OutgoingEmail) => Promise<void>;
  /** What a new customer gets beyond the account (their referral code): the domains above accounts/ say. */
  onCustomerCreated: (db: Database, userId: string) => Promise<unknown>;
  /** What the first sign-in through a company's identity provider makes: the companies domain says. */
  onCompanySignIn: OnCompanySignIn;
}) {
  const { config } = opts;
  setColumnSealingSecret(config.authSecret);
  const shop = config.shop.name;
  return betterAuth({
    appName: shop,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    // Identity providers the operator runs on local addresses (SSO_ALLOWED_HOSTS: tests and development); any
    // other provider must be on a public address, which the SSO plugin checks before every request to it.
    trustedOrigins: [config.publicUrl, ...config.sso.allowedHosts.flatMap(localOrigins)],
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
        organization: organizations,
        member: members,
        invitation: invitations,
        ssoProvider: ssoProviders,
      },
    }),
    databaseHooks: {
      session: {
        create: {
          before: async (session, ctx) => {
            if ((await refuseSocialSignInWithTwoFactor(opts.db)(session, ctx)) === false) return false;
            return refuseForeignSsoSession(opts.db, opts.logger)(session, ctx);
          },
        },
      },
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
      // Companies: members, roles and invitations (docs/decisions/041-companies-on-the-organization-plugin.md).
      organization({
        invitationExpiresIn: INVITATION_DAYS * 24 * 60 * 60,
        membershipLimit: COMPANY_MEMBERS_MAX,
        invitationLimit: COMPANY_MEMBERS_MAX,
        // A company is closed by the shop, never deleted from a member's click: its contacts and cards stay.
        disableOrganizationDeletion: true,
        requireEmailVerificationOnInvitation: true,
        schema: {
          organization: {
            additionalFields: {
              website: { type: "string", required: false },
              address: { type: "string", required: false },
              contactEmail: { type: "string", required: false },
            },
          },
          invitation: {
            additionalFields: {
              name: { type: "string", required: false },
              jobTitle: { type: "string", required: false },
              phone: { type: "string", required: false },
            },
          },
        },
        sendInvitationEmail: async ({ id, email, role, organization: company, inviter }) => {
          await opts.queueEmail(
            companyInvitationEmail({
              shop,
              to: email,
              company: company.name,
              inviter: inviter.user.name,
              role,
              url: `${config.publicUrl}/invitations/${id}`,
            }),
          );
        },
      }),
      companySignInPlugin({ db: opts.db, logger: opts.logger, onSignIn: opts.onCompanySignIn }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const localOrigins = (host: string) =>
  ["http", "https"].flatMap((scheme) => [`${scheme}://${host}`, `${scheme}://${host}:*`]);

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
