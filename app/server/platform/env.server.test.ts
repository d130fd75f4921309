import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.server";

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "env-"));

const bank = {
  BANK_ACCOUNT_NAME: "Real Shop Ltd",
  BANK_SORT_CODE: "12-34-56",
  BANK_ACCOUNT_NUMBER: "87654321",
};
const stripe = { STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" };
/** A production configuration with every required setting: the real company details and a bank account. */
const productionBase = {
  NODE_ENV: "production",
  AUTH_SECRET: "s".repeat(32),
  SHOP_ADDRESS: "2 Real Road, Leeds LS1 1AA",
  WHATSAPP_NUMBER: "+447700900123",
  ...bank,
};

function configError(env: Record<string, string>) {
  try {
    loadConfig({ DATA_DIR: tmp(), ...env });
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    expect((e as Error).message).not.toContain("\n");
    return (e as Error).message;
  }
  throw new Error("the configuration was accepted");
}

describe("configuration", () => {
  it("has working defaults for a newcomer", () => {
    const dir = tmp();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      publicUrl: "http://localhost:3000",
      demoData: true,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.stripe).toBeUndefined();
    // The development secret is generated once and kept.
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(config.authSecret);
  });

  it.each([
    [{ PORT: "abc" }, /^Invalid configuration: PORT /],
    [{ PORT: "70000" }, /PORT/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL must start with postgres:\/\//],
    [{ PUBLIC_URL: "not a url" }, /PUBLIC_URL/],
    [{ SMTP_URL: "http://mail" }, /SMTP_URL/],
    [{ ADMIN_EMAIL: "nobody", ADMIN_PASSWORD: "longenough" }, /ADMIN_EMAIL/],
    [{ ADMIN_EMAIL: "a@b.co" }, /ADMIN_EMAIL and ADMIN_PASSWORD/],
    [{ NODE_ENV: "production" }, /AUTH_SECRET is required in production/],
    [{ STRIPE_SECRET_KEY: "sk_test_x" }, /STRIPE_WEBHOOK_SECRET/],
  ])("refuses %o with one line naming the variable", (env, message) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: tmp(), ...env });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain("\n");
  });

  it("turns demo data off for PostgreSQL unless asked", () => {
    expect(loadConfig({ DATA_DIR: tmp(), DATABASE_URL: "postgres://h/db" }).demoData).toBe(false);
    expect(loadConfig({ DATA_DIR: tmp(), DATABASE_URL: "postgres://h/db", DEMO_DATA: "1" }).demoData).toBe(
      true,
    );
  });

  it.each([
    [
      { AUTH_SECRET: "hunter2-short-secret" },
      "hunter2-short-secret",
      /AUTH_SECRET must be at least 32 characters/,
    ],
    [{ DATABASE_URL: "mysql://app:s3cr3t-pw@db/shop" }, "s3cr3t-pw", /DATABASE_URL must start with postgres/],
    [{ SMTP_URL: "http://user:mail-pass@mail" }, "mail-pass", /SMTP_URL/],
    [{ ADMIN_PASSWORD: "short", ADMIN_EMAIL: "a@b.co" }, "short", /ADMIN_PASSWORD/],
  ])("names the variable and the rule but never echoes the value of %o", (env, secret, message) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: tmp(), ...env });
    } catch (e) {
      error = e;
    }
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain(secret);
  });

  it("reads TRUST_PROXY as off, a hop count or a list of proxies", () => {
    const trust = (TRUST_PROXY?: string) =>
      loadConfig({ DATA_DIR: tmp(), ...(TRUST_PROXY === undefined ? {} : { TRUST_PROXY }) }).trustProxy;
    expect(trust()).toBe(false);
    expect(trust("")).toBe(false);
    expect(trust("0")).toBe(false);
    expect(trust("1")).toBe(1);
    expect(trust("127.0.0.1, 10.0.0.0/8")).toEqual(["127.0.0.1", "10.0.0.0/8"]);
    expect(trust("loopback")).toEqual(["loopback"]);
    expect(() => trust("everyone")).toThrow(/TRUST_PROXY must be a hop count/);
  });

  it("reads WEBHOOK_ALLOWED_HOSTS as a list of lower-case host names, none by default", () => {
    const hosts = (WEBHOOK_ALLOWED_HOSTS?: string) =>
      loadConfig({
        DATA_DIR: tmp(),
        ...(WEBHOOK_ALLOWED_HOSTS === undefined ? {} : { WEBHOOK_ALLOWED_HOSTS }),
      }).webhooks.allowedHosts;
    expect(hosts()).toEqual([]);
    expect(hosts("")).toEqual([]);
    expect(hosts("LocalHost, 127.0.0.1,[::1]")).toEqual(["localhost", "127.0.0.1", "[::1]"]);
    expect(() => hosts("http://localhost/")).toThrow(/WEBHOOK_ALLOWED_HOSTS must be a comma-separated list/);
    expect(() => hosts("a".repeat(2000))).toThrow(/WEBHOOK_ALLOWED_HOSTS must be at most 1000 characters/);
  });

  it("seeds no demo data (sample cards, fake featured referrers) in production unless DEMO_DATA=1", () => {
    const production = { DATA_DIR: tmp(), ...productionBase };
    expect(loadConfig(production).demoData).toBe(false);
    expect(loadConfig({ ...production, DEMO_DATA: "1" }).demoData).toBe(true);
  });

  it("refuses to start in production with the placeholder company details, naming what is missing", () => {
    const { SHOP_ADDRESS: _a, WHATSAPP_NUMBER: _w, ...rest } = productionBase;
    expect(configError(rest)).toMatch(/^Invalid configuration: SHOP_ADDRESS and WHATSAPP_NUMBER must be set/);
    expect(configError({ ...rest, SHOP_ADDRESS: "2 Real Road" })).toMatch(/: WHATSAPP_NUMBER must be set/);
    expect(configError({ ...rest, WHATSAPP_NUMBER: "+447700900123" })).toMatch(/: SHOP_ADDRESS must be set/);
    expect(configError({ ...rest, WHATSAPP_NUMBER: "+447700900123", SHOP_ADDRESS: "  " })).toMatch(
      /SHOP_ADDRESS/,
    );
    const config = loadConfig({ DATA_DIR: tmp(), ...productionBase });
    expect(config.shop).toMatchObject({ address: "2 Real Road, Leeds LS1 1AA", whatsapp: "+447700900123" });
  });

  it("turns bank transfer off in production without BANK_*, and refuses to start with no way to pay", () => {
    const { BANK_ACCOUNT_NAME: _n, BANK_SORT_CODE: _s, BANK_ACCOUNT_NUMBER: _a, ...noBank } = productionBase;
    expect(loadConfig({ DATA_DIR: tmp(), ...noBank, ...stripe }).bank).toBeUndefined();
    expect(configError(noBank)).toBe(
      "Invalid configuration: no payment method configured: set BANK_ACCOUNT_NAME, BANK_SORT_CODE and BANK_ACCOUNT_NUMBER, or STRIPE_SECRET_KEY",
    );
    expect(loadConfig({ DATA_DIR: tmp(), ...productionBase }).bank).toEqual({
      accountName: "Real Shop Ltd",
      sortCode: "12-34-56",
      accountNumber: "87654321",
    });
  });

  it("refuses partial bank details, naming the missing variables but never the values given", () => {
    for (const base of [{}, productionBase]) {
      const message = configError({
        ...base,
        BANK_ACCOUNT_NAME: "Real Shop Ltd",
        BANK_SORT_CODE: "12-34-56",
        BANK_ACCOUNT_NUMBER: "",
      });
      expect(message).toMatch(/^Invalid configuration: BANK_ACCOUNT_NUMBER must be set too/);
      expect(message).not.toContain("Real Shop Ltd");
      expect(message).not.toContain("12-34-56");
    }
    expect(configError({ BANK_SORT_CODE: "12-34-56" })).toMatch(
      /BANK_ACCOUNT_NAME and BANK_ACCOUNT_NUMBER must be set too/,
    );
  });

  it("keeps demo company and bank details in development", () => {
    const config = loadConfig({ DATA_DIR: tmp() });
    expect(config.bank).toEqual({
      accountName: "TapCard Ltd (demo)",
      sortCode: "00-00-00",
      accountNumber: "00000000",
    });
    expect(config.shop.address).toBe("1 High Street, London, United Kingdom");
    expect(config.shop.whatsapp).toBe("+440000000000");
  });
});
