// A throwaway certificate authority made with OpenSSL for Apple Wallet's tests: a root standing in for Apple's
// WWDR, a pass certificate it signed (subject UID = the pass type id) with its key, and a server certificate for a
// local stand-in of APNs. Made once per test file, in a temporary folder.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

export const TEST_PASS_TYPE_ID = "pass.test.tapcard";
export const TEST_TEAM_ID = "ABCDE12345";

export interface TestWalletCa {
  dir: string;
  /** Paths of the PEM files. */
  caPem: string;
  passPem: string;
  passKey: string;
  serverPem: string;
  serverKey: string;
  /** Signs another pass certificate: another pass type id, or one already expired. */
  passCertificate(opts: { uid: string; expired?: boolean }): string;
  /** The environment that turns Apple Wallet on with this authority. */
  env(extra?: Record<string, string>): Record<string, string>;
}

const openssl = (dir: string, args: string[]) =>
  execFileSync("/usr/bin/openssl", args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });

export function makeTestWalletCa(): TestWalletCa {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wallet-ca-"));
  openssl(dir, [
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    "ca.key",
    "-out",
    "ca.pem",
    "-days",
    "3",
    "-subj",
    "/CN=Test WWDR Authority",
    "-addext",
    "basicConstraints=critical,CA:TRUE",
    "-addext",
    "keyUsage=critical,keyCertSign,cRLSign",
  ]);
  openssl(dir, ["genrsa", "-out", "pass.key", "2048"]);
  let serial = 1;
  const passCertificate = (opts: { uid: string; expired?: boolean }) => {
    const name = `pass-${++serial}`;
    openssl(dir, [
      "req",
      "-new",
      "-key",
      "pass.key",
      "-out",
      `${name}.csr`,
      "-subj",
      `/UID=${opts.uid}/CN=Pass Type ID: ${opts.uid}/OU=${TEST_TEAM_ID}/O=TapCard Test`,
    ]);
    openssl(dir, [
      "x509",
      "-req",
      "-in",
      `${name}.csr`,
      "-CA",
      "ca.pem",
      "-CAkey",
      "ca.key",
      "-set_serial",
      String(serial),
      "-days",
      opts.expired ? "-1" : "2",
      "-out",
      `${name}.pem`,
    ]);
    return path.join(dir, `${name}.pem`);
  };
  const passPem = passCertificate({ uid: TEST_PASS_TYPE_ID });
  fs.writeFileSync(path.join(dir, "server.ext"), "subjectAltName=IP:127.0.0.1,DNS:localhost\n");
  openssl(dir, [
    "req",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    "server.key",
    "-out",
    "server.csr",
    "-subj",
    "/CN=localhost",
  ]);
  openssl(dir, [
    "x509",
    "-req",
    "-in",
    "server.csr",
    "-CA",
    "ca.pem",
    "-CAkey",
    "ca.key",
    "-set_serial",
    "999",
    "-days",
    "2",
    "-extfile",
    "server.ext",
    "-out",
    "server.pem",
  ]);
  const caPem = path.join(dir, "ca.pem");
  const passKey = path.join(dir, "pass.key");
  return {
    dir,
    caPem,
    passPem,
    passKey,
    serverPem: path.join(dir, "server.pem"),
    serverKey: path.join(dir, "server.key"),
    passCertificate,
    env: (extra = {}) => ({
      APPLE_PASS_TYPE_ID: TEST_PASS_TYPE_ID,
      APPLE_TEAM_ID: TEST_TEAM_ID,
      APPLE_PASS_CERT: passPem,
      APPLE_PASS_KEY: passKey,
      APPLE_WWDR_CERT: caPem,
      ...extra,
    }),
  };
}

/** The files of a .pkpass (a zip): every central-directory entry, stored or deflated. */
function readZip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error("not a zip file");
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < entries; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error("bad central directory");
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    files.set(name, method === 8 ? zlib.inflateRawSync(data) : Buffer.from(data));
    at += 46 + skip;
  }
  return files;
}

/**
 * Opens a pass as Wallet would: every file's SHA-1 as manifest.json lists it, and the detached PKCS#7 signature
 * over manifest.json checked by OpenSSL against the authority. Returns pass.json and the file names.
 */
export function openPass(ca: TestWalletCa, pkpass: Buffer) {
  const files = readZip(pkpass);
  const manifest = JSON.parse(files.get("manifest.json")!.toString("utf8")) as Record<string, string>;
  const listed = [...files.keys()].filter((f) => f !== "manifest.json" && f !== "signature").sort();
  if (JSON.stringify(Object.keys(manifest).sort()) !== JSON.stringify(listed))
    throw new Error(`manifest.json lists ${Object.keys(manifest)} but the pass holds ${listed}`);
  for (const name of listed) {
    const sha1 = crypto.createHash("sha1").update(files.get(name)!).digest("hex");
    if (manifest[name] !== sha1) throw new Error(`${name}'s SHA-1 is not the manifest's`);
  }
  const dir = fs.mkdtempSync(path.join(ca.dir, "pass-"));
  fs.writeFileSync(path.join(dir, "manifest.json"), files.get("manifest.json")!);
  fs.writeFileSync(path.join(dir, "signature"), files.get("signature")!);
  // Throws when the signature does not verify.
  execFileSync(
    "/usr/bin/openssl",
    [
      "smime",
      "-verify",
      "-binary",
      "-inform",
      "DER",
      "-in",
      "signature",
      "-content",
      "manifest.json",
      "-CAfile",
      ca.caPem,
      "-purpose",
      "any",
      "-out",
      "/dev/null",
    ],
    { cwd: dir, stdio: ["ignore", "ignore", "pipe"] },
  );
  return { pass: JSON.parse(files.get("pass.json")!.toString("utf8")), names: listed, files };
}
