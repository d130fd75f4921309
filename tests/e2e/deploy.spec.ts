// The deployment of docs/deploy.md, run on this machine: the built app started as deploy/tapcard.service starts
// it, with deploy/tapcard.env.example, behind nginx configured by deploy/nginx.conf with a self-signed certificate.
// No root needed: nginx runs as the current user from a temp folder.
import { type ChildProcess, execFileSync } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { SERVICE_ENV } from "../../scripts/bench-load.mjs";
import { type AppServer, root, startApp } from "../support/app-server";
import { startLocalNginx } from "../support/nginx";

const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3100) + 40;
const HTTPS_PORT = APP_PORT + 1;
const HTTP_PORT = APP_PORT + 2;
const PUBLIC_URL = `https://127.0.0.1:${HTTPS_PORT}`;
const ADMIN = { email: "deploy-admin@example.com", password: "deploy-admin-password" };

const work = fs.mkdtempSync(path.join(os.tmpdir(), "deploy-"));
let app: AppServer;
let nginx: ChildProcess;
let certificate: Buffer;

/** The settings of deploy/tapcard.env.example, with this machine's addresses and secrets. */
function exampleEnvironment() {
  const env: Record<string, string> = {};
  for (const line of fs.readFileSync(path.join(root, "deploy/tapcard.env.example"), "utf8").split("\n")) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) env[match[1]!] = match[2]!;
  }
  return env;
}

/**
 * The script deploy/tapcard.service starts, with its Node's arguments. Its Node, the pinned one under the app's
 * folder (/srv/tapcard in docs/deploy.md, this checkout here), is the one this test runs on.
 */
function serviceScript() {
  const unit = fs.readFileSync(path.join(root, "deploy/tapcard.service"), "utf8");
  const [node, ...args] = /^ExecStart=(.*)$/m.exec(unit)![1]!.split(/\s+/);
  expect(fs.realpathSync(node!.replace(/^\/srv\/tapcard\//, `${root}/`))).toBe(
    fs.realpathSync(process.execPath),
  );
  return args;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One https request to nginx from the given local address (any 127.x address is this machine). */
function request(
  pathname: string,
  opts: { from?: string; method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = https.request(
      {
        host: "127.0.0.1",
        port: HTTPS_PORT,
        path: pathname,
        method: opts.method ?? "GET",
        localAddress: opts.from ?? "127.0.0.1",
        headers: opts.headers,
        ca: certificate,
        agent: false,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d) => {
          body += d;
        });
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(opts.body);
  });
}

test.beforeAll(async () => {
  execFileSync("openssl", [
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-days",
    "1",
    "-subj",
    "/CN=127.0.0.1",
    "-addext",
    "subjectAltName=IP:127.0.0.1",
    "-keyout",
    path.join(work, "key.pem"),
    "-out",
    path.join(work, "cert.pem"),
  ]);
  certificate = fs.readFileSync(path.join(work, "cert.pem"));

  app = await startApp(
    APP_PORT,
    {
      // The unit's own `Environment=` settings, which systemd gives the process beside the env file's.
      ...SERVICE_ENV,
      ...exampleEnvironment(),
      PORT: String(APP_PORT),
      PUBLIC_URL,
      DATA_DIR: path.join(work, "data"),
      AUTH_SECRET: "deploy-test-secret-that-is-long-enough-1234",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    serviceScript(),
  );

  // deploy/nginx.conf with its placeholders filled in, included by a main file that keeps nginx in this folder.
  const site = fs
    .readFileSync(path.join(root, "deploy/nginx.conf"), "utf8")
    .replaceAll("__APP_ADDRESS__", `127.0.0.1:${APP_PORT}`)
    .replaceAll("__HTTP_LISTEN__", `127.0.0.1:${HTTP_PORT}`)
    .replaceAll("__HTTPS_LISTEN__", `127.0.0.1:${HTTPS_PORT}`)
    .replaceAll("__SERVER_NAME__", "127.0.0.1")
    .replaceAll("__TLS_CERTIFICATE__", path.join(work, "cert.pem"))
    .replaceAll("__TLS_CERTIFICATE_KEY__", path.join(work, "key.pem"));
  expect(site).not.toMatch(/__[A-Z_]+__/);
  fs.writeFileSync(path.join(work, "tapcard.conf"), site);
  const started = startLocalNginx(work, `  access_log ${work}/access.log;\n  include ${work}/tapcard.conf;`);
  nginx = started.child;
  await expect
    .poll(
      async () =>
        nginx.exitCode === null
          ? (await request("/healthz").catch(() => ({ status: 0 }))).status
          : `nginx exited: ${started.errors()}`,
      { timeout: 20_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx.once("exit", resolve));
    nginx.kill("SIGQUIT");
    await exited;
  }
  await app?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

test("the app counts each client by the address nginx saw, not by the one the client claims", async () => {
  const signIn = (from: string, i: number) =>
    request("/admin-login", {
      from,
      method: "POST",
      headers: {
        Origin: PUBLIC_URL,
        "Content-Type": "application/x-www-form-urlencoded",
        // A client that names a new address each time must still be counted as itself.
        "X-Forwarded-For": `203.0.113.${i}`,
      },
      body: new URLSearchParams({ email: `nobody${i}@example.com`, password: "wrong-password" }).toString(),
    });
  // Ten failed sign-ins per address in 15 minutes are allowed, the eleventh is refused.
  for (let i = 1; i <= 10; i++) {
    const answer = await signIn("127.0.0.2", i);
    expect(answer.status).not.toBe(429);
    expect(answer.status).toBeLessThan(500);
  }
  expect((await signIn("127.0.0.2", 11)).status).toBe(429);
  // Another client behind the same nginx is not held back.
  const other = await signIn("127.0.0.3", 12);
  expect(other.status).not.toBe(429);
  expect(other.status).toBeLessThan(500);
});

test("over https every answer carries HSTS and the site headers, under nginx's request id", async () => {
  for (const pathname of ["/", "/healthz", "/pricing"]) {
    const answer = await request(pathname);
    expect(answer.status).toBe(200);
    expect(answer.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(answer.headers["x-frame-options"]).toBe("DENY");
  }
  const form = await request("/admin-login");
  expect(form.headers["content-security-policy"]).toContain("default-src 'self'");
  const id = form.headers["x-request-id"];
  expect(id).toMatch(/^[0-9a-f]{32}$/);
  // The app's log line for it: one JSON object with nginx's id, the path and the status.
  await expect
    .poll(() =>
      app
        .output()
        .split("\n")
        .filter((line) => line.includes(String(id)))
        .map((line) => JSON.parse(line)),
    )
    .toEqual([
      expect.objectContaining({ req: { id, method: "GET", url: "/admin-login" }, res: { status: 200 } }),
    ]);
  // The backup endpoint is for the app's own port only.
  for (const url of ["/__backup/embedded-database", "/__BACKUP/embedded-database", "/__Backup"])
    expect((await request(url, { method: "POST" })).status, url).toBe(404);
});

test("plain http is sent to https", async () => {
  const answer = await fetch(`http://127.0.0.1:${HTTP_PORT}/pricing?x=1`, { redirect: "manual" });
  expect(answer.status).toBe(301);
  expect(answer.headers.get("location")).toBe("https://127.0.0.1/pricing?x=1");
});

test("signing in over https sets Secure cookies only", async ({ browser }) => {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, baseURL: PUBLIC_URL });
  const page = await context.newPage();
  await page.goto("/admin-login");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page).toHaveURL(/\/admin-dashboard/);
  const cookies = await context.cookies();
  expect(cookies.length).toBeGreaterThan(0);
  expect(cookies.filter((c) => !c.secure).map((c) => c.name)).toEqual([]);
  await context.close();
});
