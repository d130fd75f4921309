import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.server";

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "env-"));

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

  it("seeds no demo data (sample cards, fake featured referrers) in production unless DEMO_DATA=1", () => {
    const production = { DATA_DIR: tmp(), NODE_ENV: "production", AUTH_SECRET: "s".repeat(32) };
    expect(loadConfig(production).demoData).toBe(false);
    expect(loadConfig({ ...production, DEMO_DATA: "1" }).demoData).toBe(true);
  });
});
