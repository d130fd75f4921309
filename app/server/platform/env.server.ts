// The only module that reads process.env: validates the configuration once at start
// (docs/product.md#configuration).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "~/schemas/zod";
import { APPLE_WALLET_ENV, appleWalletConfig } from "./apple-wallet-config.server";
import { GOOGLE_WALLET_ENV, googleWalletConfig } from "./google-wallet-config.server";

const optional = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const url = (what: string) =>
  z
    .string()
    .trim()
    .refine(
      (v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol),
      `must be an http(s) URL (${what})`,
    );

const flag = z
  .enum(["1", "0", "true", "false", "on", "off", "yes", "no", ""])
  .transform((v) => (v === "" ? undefined : ["1", "true", "on", "yes"].includes(v)))
  .optional();

/** An optional comma-separated list, each item matching `item`; capped before any pattern runs. */
const commaList = (item: RegExp, what: string) =>
  z
    .string()
    .trim()
    .max(1000, "must be at most 1000 characters")
    .refine(
      (v) => v === "" || v.split(",").every((part) => item.test(part.trim())),
      `must be a comma-separated list of ${what}`,
    )
    .optional();

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ error: "must be a port number between 1 and 65535" })
    .int("must be a port number between 1 and 65535")
    .min(1, "must be a port number between 1 and 65535")
    .max(65535, "must be a port number between 1 and 65535")
    .default(3000),
  HOST: z.string().trim().min(1).default("127.0.0.1"),
  PUBLIC_URL: url("e.g. https://shop.example").optional(),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .trim()
    .refine((v) => v === "" || /^postgres(ql)?:\/\//.test(v), "must start with postgres:// or postgresql://")
    .transform((v) => (v === "" ? undefined : v))
    .optional(),
  AUTH_SECRET: z
    .string()
    .trim()
    .refine((v) => v === "" || v.length >= 32, "must be at least 32 characters")
    .transform((v) => (v === "" ? undefined : v))
    .optional(),
  ADMIN_EMAIL: z
    .string()
    .trim()
    .refine((v) => v === "" || z.email().safeParse(v).success, "must be an e-mail address")
    .optional(),
  ADMIN_PASSWORD: z
    .string()
    .refine((v) => v === "" || v.length >= 8, "must be at least 8 characters")
    .optional(),
  DEMO_DATA: flag,
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_BASE: url("the fake Stripe API").optional(),
  SMTP_URL: z
    .string()
    .trim()
    .refine((v) => v === "" || /^smtps?:\/\//.test(v), "must start with smtp:// or smtps://")
    .transform((v) => (v === "" ? undefined : v))
    .optional(),
  MAIL_FROM: z.string().trim().min(3).default("TapCard <hello@tapcard.example>"),
  SUPPORT_EMAIL: z.email("must be an e-mail address").default("support@tapcard.example"),
  S3_ENDPOINT: optional,
  S3_BUCKET: optional,
  S3_REGION: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_PUBLIC_URL: optional,
  BANK_ACCOUNT_NAME: optional,
  BANK_SORT_CODE: optional,
  BANK_ACCOUNT_NUMBER: optional,
  SHOP_NAME: z.string().trim().min(1).default("TapCard"),
  // Placeholders in development only: production must name the real company (checked in loadConfig).
  SHOP_ADDRESS: optional,
  WHATSAPP_NUMBER: optional,
  // The company's social profiles, shown on /socials and in the footer when set.
  INSTAGRAM_URL: url("the Instagram profile").optional(),
  TIKTOK_URL: url("the TikTok profile").optional(),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  APPLE_CLIENT_ID: optional,
  APPLE_CLIENT_SECRET: optional,
  // The reverse proxies in front (hop count, or addresses/subnets), so req.ip is the real client's address.
  TRUST_PROXY: z
    .string()
    .trim()
    .refine(
      (v) =>
        v === "" ||
        /^(\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*|loopback|uniquelocal|linklocal)$/.test(v),
      "must be a hop count (e.g. 1) or a comma-separated list of proxy addresses or subnets",
    )
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // Host names webhooks may reach although they are local (or over plain http): for tests and development.
  WEBHOOK_ALLOWED_HOSTS: commaList(/^[a-z0-9.:[\]-]+$/i, "host names (e.g. localhost,127.0.0.1)"),
  // Identity-provider host names company sign-in may reach although they are local (or over plain http): for
  // tests and development, as WEBHOOK_ALLOWED_HOSTS is for webhooks.
  SSO_ALLOWED_HOSTS: commaList(/^[a-z0-9.:[\]-]+$/i, "host names (e.g. localhost,127.0.0.1)"),
  // The name servers asked for companies' domain TXT records (host:port, comma-separated); the system's otherwise.
  DNS_SERVERS: commaList(/^[0-9a-f.:[\]]+$/i, "name server addresses (e.g. 127.0.0.1:5353)"),
  // Test-only switch for browser tests that must arrange data; refused in production.
  E2E_TEST_HOOKS: flag,
  // Server-Timing (db, render) on pages rendered per request: on in development, and for bench:pages.
  SERVER_TIMING: flag,
  ...APPLE_WALLET_ENV,
  // Save to Google Wallet: the issuer's number and its service account's JSON key (inline, or the key file's path).
  ...GOOGLE_WALLET_ENV,
});

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the environment. Throws ConfigError with one line naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    // The rule, never the value: a value may be a secret (AUTH_SECRET, a DATABASE_URL with its password).
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === "production";
  const dataDir = path.resolve(e.DATA_DIR);
  if (isProduction && !e.AUTH_SECRET)
    throw new ConfigError("Invalid configuration: AUTH_SECRET is required in production");
  if (isProduction && e.E2E_TEST_HOOKS)
    throw new ConfigError("Invalid configuration: E2E_TEST_HOOKS is not allowed in production");
  if ((e.ADMIN_EMAIL ? 1 : 0) + (e.ADMIN_PASSWORD ? 1 : 0) === 1)
    throw new ConfigError("Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together");
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET)
    throw new ConfigError(
      "Invalid configuration: STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set",
    );
  const missingCompany = (["SHOP_ADDRESS", "WHATSAPP_NUMBER"] as const).filter((name) => !e[name]);
  if (isProduction && missingCompany.length)
    throw new ConfigError(
      `Invalid configuration: ${missingCompany.join(" and ")} must be set in production (the company details customers see)`,
    );
  const bank = bankDetails(e, isProduction);
  if (isProduction && !bank && !e.STRIPE_SECRET_KEY)
    throw new ConfigError(
      "Invalid configuration: no payment method configured: set BANK_ACCOUNT_NAME, BANK_SORT_CODE and BANK_ACCOUNT_NUMBER, or STRIPE_SECRET_KEY",
    );
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  return {
    isProduction,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    authSecret: e.AUTH_SECRET ?? devSecret(dataDir),
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    demoData: e.DEMO_DATA ?? (!e.DATABASE_URL && !isProduction),
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
          apiBase: e.STRIPE_API_BASE,
        }
      : undefined,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, support: e.SUPPORT_EMAIL },
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION ?? "auto",
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          publicUrl: e.S3_PUBLIC_URL,
        }
      : undefined,
    /** Bank transfer is offered only with these; undefined means it is off. */
    bank,
    shop: {
      name: e.SHOP_NAME,
      address: e.SHOP_ADDRESS ?? "1 High Street, London, United Kingdom",
      whatsapp: e.WHATSAPP_NUMBER ?? "+440000000000",
      socials: [
        e.INSTAGRAM_URL ? { label: "Instagram", url: e.INSTAGRAM_URL } : null,
        e.TIKTOK_URL ? { label: "TikTok", url: e.TIKTOK_URL } : null,
      ].filter((s) => s !== null),
    },
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : undefined,
    apple:
      e.APPLE_CLIENT_ID && e.APPLE_CLIENT_SECRET
        ? { clientId: e.APPLE_CLIENT_ID, clientSecret: e.APPLE_CLIENT_SECRET }
        : undefined,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    testHooks: e.E2E_TEST_HOOKS ?? false,
    webhooks: {
      allowedHosts: hostList(e.WEBHOOK_ALLOWED_HOSTS),
    },
    sso: { allowedHosts: hostList(e.SSO_ALLOWED_HOSTS) },
    dnsServers: hostList(e.DNS_SERVERS),
    serverTiming: e.SERVER_TIMING ?? !isProduction,
    appleWallet: appleWalletConfig(e, (message) => new ConfigError(message)),
    googleWallet: googleWalletConfig(e, (message) => new ConfigError(message)),
  };
}

const hostList = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);

const BANK_VARIABLES = ["BANK_ACCOUNT_NAME", "BANK_SORT_CODE", "BANK_ACCOUNT_NUMBER"] as const;

/**
 * The account customers pay into: all three variables, or none. None means bank transfer is off in production
 * and a demo account in development; a partial set would show customers blank details, so it is refused.
 */
function bankDetails(e: z.infer<typeof EnvSchema>, isProduction: boolean) {
  const missing = BANK_VARIABLES.filter((name) => !e[name]);
  if (missing.length === 0)
    return {
      accountName: e.BANK_ACCOUNT_NAME!,
      sortCode: e.BANK_SORT_CODE!,
      accountNumber: e.BANK_ACCOUNT_NUMBER!,
    };
  if (missing.length < BANK_VARIABLES.length)
    throw new ConfigError(
      `Invalid configuration: ${missing.join(" and ")} must be set too (bank transfer needs BANK_ACCOUNT_NAME, BANK_SORT_CODE and BANK_ACCOUNT_NUMBER)`,
    );
  if (isProduction) return undefined;
  return { accountName: "TapCard Ltd (demo)", sortCode: "00-00-00", accountNumber: "00000000" };
}

/** Express's 'trust proxy' setting: false (off), a hop count, or the proxies' addresses. */
function parseTrustProxy(value: string | undefined): false | number | string[] {
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value) || false;
  return value.split(",").map((v) => v.trim());
}

/** Development only: a random secret kept in DATA_DIR so sessions survive restarts. */
function devSecret(dataDir: string) {
  const file = path.join(dataDir, "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
