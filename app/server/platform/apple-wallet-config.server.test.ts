// Apple Wallet's settings at start: off when none is set, on with a pass certificate that fits, and every way a
// pass would later fail on a phone refused at start with one line naming the variable.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { makeTestWalletCa, TEST_PASS_TYPE_ID, type TestWalletCa } from "../../../tests/support/apple-wallet";
import { ConfigError, loadConfig } from "./env.server";

let ca: TestWalletCa;
beforeAll(() => {
  ca = makeTestWalletCa();
});

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "apple-env-"));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: tmp(), ...env });

function refusal(env: Record<string, string>) {
  try {
    load(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    expect((e as Error).message).not.toContain("\n");
    return (e as Error).message;
  }
  throw new Error("the configuration was accepted");
}

describe("Apple Wallet configuration", () => {
  it("is off when no variable is set", () => {
    expect(load({}).appleWallet).toBeNull();
  });

  it("is on with a pass certificate from the authority, given as paths or inline PEM", () => {
    const fromPaths = load(ca.env()).appleWallet!;
    expect(fromPaths).toMatchObject({
      passTypeId: TEST_PASS_TYPE_ID,
      apnsHost: "https://api.push.apple.com",
    });
    expect(fromPaths.signerCert).toContain("-----BEGIN CERTIFICATE-----");
    // One line with \n escapes, as a host's settings page holds it.
    const inline = (file: string) => fs.readFileSync(file, "utf8").trim().replace(/\n/g, "\\n");
    const fromText = load(ca.env({ APPLE_PASS_CERT: inline(ca.passPem), APPLE_PASS_KEY: inline(ca.passKey) }))
      .appleWallet!;
    expect(fromText.signerCert).toBe(fromPaths.signerCert);
    expect(load(ca.env({ APNS_HOST: "https://127.0.0.1:8443/" })).appleWallet!.apnsHost).toBe(
      "https://127.0.0.1:8443",
    );
  });

  it("refuses a partial configuration, naming what is missing", () => {
    const { APPLE_WWDR_CERT: _gone, ...partial } = ca.env();
    expect(refusal(partial)).toMatch(/^Invalid configuration: APPLE_WWDR_CERT must be set too/);
    expect(refusal({ APPLE_PASS_TYPE_ID: TEST_PASS_TYPE_ID })).toMatch(
      /APPLE_TEAM_ID and APPLE_PASS_CERT and APPLE_PASS_KEY and APPLE_WWDR_CERT must be set too/,
    );
  });

  it("refuses an expired pass certificate", () => {
    const expired = ca.passCertificate({ uid: TEST_PASS_TYPE_ID, expired: true });
    expect(refusal(ca.env({ APPLE_PASS_CERT: expired }))).toMatch(
      /^Invalid configuration: APPLE_PASS_CERT expired on \d{4}-/,
    );
  });

  it("refuses a certificate for another pass type id", () => {
    const other = ca.passCertificate({ uid: "pass.test.other" });
    expect(refusal(ca.env({ APPLE_PASS_CERT: other }))).toBe(
      `Invalid configuration: APPLE_PASS_CERT is for pass type 'pass.test.other', not APPLE_PASS_TYPE_ID '${TEST_PASS_TYPE_ID}'`,
    );
  });

  it("refuses a certificate the WWDR authority did not issue, a key that is not the certificate's, bad formats", () => {
    expect(refusal(ca.env({ APPLE_WWDR_CERT: ca.passPem }))).toBe(
      "Invalid configuration: APPLE_PASS_CERT was not issued by APPLE_WWDR_CERT",
    );
    expect(refusal(ca.env({ APPLE_PASS_KEY: ca.serverKey }))).toBe(
      "Invalid configuration: APPLE_PASS_KEY is not the key of APPLE_PASS_CERT",
    );
    expect(refusal(ca.env({ APPLE_PASS_CERT: path.join(ca.dir, "missing.pem") }))).toMatch(
      /APPLE_PASS_CERT is neither a PEM nor the path of a readable PEM file$/,
    );
    expect(refusal(ca.env({ APPLE_TEAM_ID: "abc" }))).toMatch(/APPLE_TEAM_ID must be/);
    expect(refusal(ca.env({ APPLE_PASS_TYPE_ID: "com.example" }))).toMatch(/APPLE_PASS_TYPE_ID must look/);
    expect(refusal(ca.env({ APNS_HOST: "http://push.example" }))).toMatch(/APNS_HOST must be an https URL/);
    expect(refusal(ca.env({ APPLE_PASS_CERT: "x".repeat(20_001) }))).toMatch(
      /APPLE_PASS_CERT must be at most/,
    );
  });
});
