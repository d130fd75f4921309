import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// One app server on a fresh embedded database, with e-mail going to a local SMTP sink that writes JSON files.
const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3100);
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
const STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? SMTP_PORT + 1);
/** The name server tests/e2e/company-sign-in.spec.ts starts for companies' domain checks. */
export const E2E_DNS_PORT = Number(process.env.E2E_DNS_PORT ?? SMTP_PORT + 2);
export const E2E_STRIPE = {
  apiBase: `http://127.0.0.1:${STRIPE_PORT}`,
  webhookSecret: "whsec_e2e_secret",
  webhookUrl: `http://127.0.0.1:${APP_PORT}/api/webhooks/stripe`,
};
process.env.E2E_MAILBOX ??= fs.mkdtempSync(path.join(os.tmpdir(), "e2e-mail-"));
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "e2e-data-"));
export const E2E_ADMIN = { email: "admin@e2e.test", password: "admin-e2e-password" };

const chromium =
  process.env.CHROMIUM_PATH ?? (fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  // Generous limits: they only bite when a test fails, and a CI machine can be several times slower than ours.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: "list",
  use: {
    baseURL: `http://127.0.0.1:${APP_PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: [
    {
      command: `node tests/mocks/smtp-sink.mjs ${SMTP_PORT} ${process.env.E2E_MAILBOX}`,
      port: SMTP_PORT,
      reuseExistingServer: false,
    },
    {
      // A fake Stripe API: card payment runs through real HTTP and signed webhooks (tests/mocks/fake-stripe.mjs).
      command: `node tests/mocks/fake-stripe.mjs ${STRIPE_PORT}`,
      port: STRIPE_PORT,
      reuseExistingServer: false,
      env: {
        FAKE_STRIPE_WEBHOOK_URL: E2E_STRIPE.webhookUrl,
        FAKE_STRIPE_WEBHOOK_SECRET: E2E_STRIPE.webhookSecret,
      },
    },
    {
      command: "node server.mjs",
      url: `http://127.0.0.1:${APP_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(APP_PORT),
        PUBLIC_URL: `http://127.0.0.1:${APP_PORT}`,
        DATA_DIR: process.env.E2E_DATA_DIR,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        LOG_LEVEL: "warn",
        STRIPE_SECRET_KEY: "sk_test_e2e",
        STRIPE_WEBHOOK_SECRET: E2E_STRIPE.webhookSecret,
        STRIPE_API_BASE: E2E_STRIPE.apiBase,
        // Test-only endpoints (e.g. running the weekly digest job now); refused in production.
        E2E_TEST_HOOKS: "1",
        // Browser tests send each test's own X-Forwarded-For (tests/e2e/fixtures.ts).
        TRUST_PROXY: "1",
        // The webhook receiver of tests/e2e/webhooks.spec.ts listens on 127.0.0.1.
        WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
        // The identity provider and the name server of tests/e2e/company-sign-in.spec.ts listen on 127.0.0.1.
        SSO_ALLOWED_HOSTS: "127.0.0.1",
        DNS_SERVERS: `127.0.0.1:${E2E_DNS_PORT}`,
      },
    },
  ],
});
