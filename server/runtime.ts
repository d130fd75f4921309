// Starts and stops everything the app holds for its lifetime: configuration, database, auth, e-mail worker,
// the expiry of idle carts and of unpaid bank-transfer orders, and with PostgreSQL the listener that keeps card
// page caches in step across app processes.

import path from "node:path";
import pino, { type Logger } from "pino";
import { AdminAccountSchema } from "~/schemas/auth";
import { adminExists, upsertAdmin } from "~/server/accounts/admin-accounts.server";
import { type Auth, createAuth } from "~/server/accounts/auth.server";
import { pruneEmailChanges } from "~/server/accounts/email-change.server";
import { startAnalyticsWriter } from "~/server/cards/analytics.server";
import { startApplePassPushes } from "~/server/cards/apple-wallet-push.server";
import { startGoogleWalletSync } from "~/server/cards/google-wallet-sync.server";
import { startCardPageSync } from "~/server/cards/page-sync.server";
import { sendWeeklyDigests } from "~/server/cards/weekly-digest.server";
import { joinBySingleSignOn } from "~/server/companies/sso-providers.server";
import { countNewContacts } from "~/server/contacts/contacts.server";
import { setSecureCookies } from "~/server/platform/cookies.server";
import { type DatabaseHandle, openDatabase } from "~/server/platform/db.server";
import { createMailer, type SendEmail } from "~/server/platform/email/mailer.server";
import { enqueueEmail, startOutboxWorker } from "~/server/platform/email/outbox.server";
import { type Config, loadConfig } from "~/server/platform/env.server";
import { startHousekeeping } from "~/server/platform/housekeeping.server";
import { pruneRateLimits } from "~/server/platform/rate-limit.server";
import { getOrCreateReferralCode } from "~/server/referrals/referrals.server";
import { expireIdleCarts } from "~/server/shop/cart-expiry.server";
import { expireUnpaidBankOrders } from "~/server/shop/orders.server";
import { type IslandUrls, islandUrls } from "~/server/site/islands.server";
import { pruneWebhookDeliveries, startWebhookWorker } from "~/server/webhooks/delivery.server";
import { runDataMigrations } from "./data-migrations";
import { seedDemoData } from "./seed";

export interface Runtime {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  auth: Auth;
  sendEmail: SendEmail;
  outbox: { poke(): void; stop(): Promise<void> };
  webhooks: { poke(): void; stop(): Promise<void> };
  analytics: { stop(): Promise<void> };
  housekeeping: { stop(): Promise<void> };
  /** PostgreSQL only: other app processes' card page edits reach this process's cache. */
  cardPageSync?: { stop(): Promise<void> };
  /** With Apple Wallet configured: devices holding a card's pass are pushed its changes. */
  applePassPushes?: { stop(): Promise<void> };
  /** With Google Wallet configured: saved passes follow their cards' changes. */
  googleWallet?: { stop(): Promise<void> };
  islands: IslandUrls;
}

// Kept on globalThis so that a module reload in development does not open the database a second time.
const holder = globalThis as typeof globalThis & { __runtime?: Runtime };

export function getRuntime(): Runtime {
  if (!holder.__runtime) throw new Error("The app runtime has not been started");
  return holder.__runtime;
}

export async function startRuntime(opts: { root: string; env?: NodeJS.ProcessEnv }): Promise<Runtime> {
  if (holder.__runtime) return holder.__runtime;
  const config = loadConfig(opts.env);
  const logger = pino({ level: config.logLevel, base: undefined });
  setSecureCookies(config.publicUrl.startsWith("https://"));
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    migrationsFolder: path.join(opts.root, "drizzle"),
    timeQueries: config.serverTiming,
  });
  const { db } = database;
  // Several app processes may share PostgreSQL; the embedded database has only this one.
  const cardPageSync = database.kind === "postgres" ? await startCardPageSync(database, logger) : undefined;
  // After the sync has started, so that the pages a migration changes are announced to the other processes.
  await runDataMigrations(db, logger);
  const sendEmail = createMailer({
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    dataDir: config.dataDir,
    logger,
  });
  const outbox = startOutboxWorker({
    db,
    send: sendEmail,
    logger,
    claim: database.kind === "postgres" ? "row-lock" : "lease",
  });
  const auth = createAuth({
    onCustomerCreated: getOrCreateReferralCode,
    onCompanySignIn: joinBySingleSignOn,
    db,
    config,
    logger,
    queueEmail: async (message) => {
      await enqueueEmail(db, message);
      outbox.poke();
    },
  });
  if (config.admin && !(await adminExists(db))) {
    await upsertAdmin(auth, db, config.admin);
    logger.info({ email: config.admin.email }, "admin account created from ADMIN_EMAIL");
  }
  if (config.demoData) await seedDemoData(db, logger, config);
  const analytics = startAnalyticsWriter(db, logger);
  const webhooks = startWebhookWorker({
    db,
    delivery: {
      authSecret: config.authSecret,
      allowedHosts: config.webhooks.allowedHosts,
      shop: config.shop.name,
      publicUrl: config.publicUrl,
    },
    logger,
    releaseClaimsAtStart: database.kind === "pglite",
    onEmailQueued: outbox.poke,
  });
  if (config.webhooks.allowedHosts.length)
    logger.info({ hosts: config.webhooks.allowedHosts }, "webhooks may reach these hosts although local");
  const housekeeping = startHousekeeping(
    [
      { name: "idle carts", run: () => expireIdleCarts(db, config) },
      { name: "rate limits", run: () => pruneRateLimits(db) },
      { name: "e-mail changes", run: () => pruneEmailChanges(db) },
      { name: "weekly digests", run: () => runWeeklyDigests(db, config, outbox) },
      { name: "unpaid bank orders", run: () => expireBankOrders(db, config, outbox) },
      { name: "webhook deliveries", run: () => pruneWebhookDeliveries(db) },
    ],
    logger,
  );
  const googleWallet = config.googleWallet
    ? startGoogleWalletSync({
        db,
        wallet: config.googleWallet,
        publicUrl: config.publicUrl,
        shopName: config.shop.name,
        logger,
      })
    : undefined;
  const applePassPushes = config.appleWallet
    ? startApplePassPushes({ db, apple: config.appleWallet, logger })
    : undefined;
  const islands = islandUrls(opts.root, import.meta.env.DEV);
  holder.__runtime = {
    config,
    logger,
    database,
    auth,
    sendEmail,
    outbox,
    webhooks,
    analytics,
    housekeeping,
    cardPageSync,
    googleWallet,
    applePassPushes,
    islands,
  };
  if (!config.bank)
    logger.info(
      "bank transfer is off: BANK_ACCOUNT_NAME, BANK_SORT_CODE and BANK_ACCOUNT_NUMBER are not set",
    );
  logger.info({ database: database.kind, dataDir: config.dataDir }, "runtime started");
  return holder.__runtime;
}

/** Last week's digests still due, then a nudge to the e-mail worker when any were queued. */
export async function runWeeklyDigests(
  db: DatabaseHandle["db"],
  config: Config,
  outbox: { poke(): void },
  now?: Date,
) {
  const result = await sendWeeklyDigests(db, {
    shop: config.shop.name,
    publicUrl: config.publicUrl,
    authSecret: config.authSecret,
    now,
    countNewContacts,
  });
  if (result.sent) outbox.poke();
  return result;
}

/** Cancels the bank-transfer orders unpaid for too long, then nudges the e-mail worker for their notices. */
async function expireBankOrders(db: DatabaseHandle["db"], config: Config, outbox: { poke(): void }) {
  const result = await expireUnpaidBankOrders(db, { shop: config.shop.name, support: config.mail.support });
  if (result.expired) outbox.poke();
  return result;
}

export async function stopRuntime() {
  const runtime = holder.__runtime;
  if (!runtime) return;
  holder.__runtime = undefined;
  await runtime.cardPageSync?.stop();
  await runtime.applePassPushes?.stop();
  await runtime.googleWallet?.stop();
  await runtime.webhooks.stop();
  await runtime.outbox.stop();
  await runtime.analytics.stop();
  await runtime.housekeeping.stop();
  await runtime.database.close();
}

/** For the admin:create command: opens the database on its own, as the server is not running. */
export async function createAdminAccount(opts: {
  root: string;
  email: string;
  password: string;
  name?: string;
}) {
  const parsed = AdminAccountSchema.safeParse(opts);
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join("; "));
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    migrationsFolder: path.join(opts.root, "drizzle"),
  });
  try {
    const auth = createAuth({
      db: database.db,
      config,
      onCustomerCreated: getOrCreateReferralCode,
      onCompanySignIn: joinBySingleSignOn,
      queueEmail: async (message) => {
        await enqueueEmail(database.db, message);
      },
    });
    return await upsertAdmin(auth, database.db, parsed.data);
  } finally {
    await database.close();
  }
}
