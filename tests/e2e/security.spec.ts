// The shop attacked from outside, as a stranger with curl would: each attack found once, answered and harmless.
// Runs its own servers (own data folder, captured logs, TRUST_PROXY) beside the suite's shared one.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type APIRequestContext, expect, test } from "@playwright/test";

const BASE_PORT = Number(process.env.E2E_APP_PORT ?? 3100) + 92;
const ADMIN = { email: "guard@security.test", password: "guard-password-1" };

interface Server {
  origin: string;
  child: ChildProcess;
  log: () => string;
  stop: () => Promise<void>;
}

/** Starts `node server.mjs` on a fresh data folder and waits until it is healthy. */
async function startServer(port: number, env: Record<string, string>): Promise<Server> {
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "security-")),
      LOG_LEVEL: "info",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: "",
      STRIPE_SECRET_KEY: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => {
    output += d;
  });
  child.stderr!.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  await expect.poll(() => output, { timeout: 60_000 }).toContain("Ready on");
  return {
    origin,
    child,
    log: () => output,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

let server: Server;
test.beforeAll(async () => {
  // Behind one proxy hop: X-Forwarded-For names the client.
  server = await startServer(BASE_PORT, { TRUST_PROXY: "1", E2E_TEST_HOOKS: "1" });
});
test.afterAll(async () => {
  await server?.stop();
});

/** A sign-in as a client at `ip`, answered without following the redirect. */
function signIn(request: APIRequestContext, ip: string, form: Record<string, string>) {
  return request.post(`${server.origin}/login`, {
    form,
    headers: { Origin: server.origin, "X-Forwarded-For": ip },
    maxRedirects: 0,
  });
}

test("redirect payloads after sign-in never leave the site", async ({ request }) => {
  const payloads = [
    "/\t/evil.example",
    "/\n/evil.example",
    "/\\evil.example",
    "//evil.example",
    "https://evil.example/",
    "/%09/evil.example",
    "/%5Cevil.example",
  ];
  for (const [i, redirectTo] of payloads.entries()) {
    const response = await signIn(request, `198.51.100.${i + 1}`, { ...ADMIN, redirectTo });
    expect(response.status()).toBe(302);
    const location = response.headers().location!;
    expect(new URL(location, server.origin).origin).toBe(server.origin);
  }
});

// That no pattern reads the over-long address is checked without a clock in untrusted-uploads.int.test.ts.
test("a crafted e-mail on the update form is refused and the server stays healthy", async ({ request }) => {
  const response = await request.post(`${server.origin}/update-links`, {
    form: {
      cardNumber: "WC0341",
      name: "Eve",
      email: `a@${".".repeat(1_000_000)}@`,
      updateType: "add-link",
      platform: "Website",
      url: "https://example.com",
    },
    headers: { Origin: server.origin },
  });
  expect(response.status()).toBe(400);
  expect((await request.get(`${server.origin}/healthz`)).status()).toBe(200);
});

test("a form posted with 'Origin: null' is refused", async ({ request }) => {
  const response = await request.post(`${server.origin}/contact`, {
    form: { name: "Eve", email: "eve@example.com", subject: "support", message: "Hello" },
    headers: { Origin: "null" },
  });
  expect(response.status()).toBe(403);
});

test("behind the proxy each client has its own sign-in limit", async ({ request }) => {
  const wrong = (ip: string, n: number) =>
    signIn(request, ip, { email: `victim${n}@example.com`, password: "not-the-password" });
  // Ten wrong passwords from one client, spread over accounts, use up that client's limit...
  for (let i = 0; i < 10; i++) expect((await wrong("203.0.113.7", i)).status()).toBe(401);
  const refused = await wrong("203.0.113.7", 10);
  expect(refused.status()).toBe(429);
  expect(await refused.text()).toContain("Too many sign-in attempts");
  // ...and nobody else's: another client behind the same proxy still signs in.
  const other = await signIn(request, "203.0.113.8", ADMIN);
  expect(other.status()).toBe(302);
});

test("secret tokens in URLs never reach the request log", async ({ request }) => {
  const secrets = ["OrderTok3nZm9vYmFyYmF6cXV4", "ResetTok3nQm3kX9zLp0aT7wY", "VerifyTok3nAbCdEf123456"];
  await request.get(
    `${server.origin}/payment-success?order=00000000-0000-4000-8000-000000000000&token=${secrets[0]}`,
  );
  await request.get(`${server.origin}/payment-success/receipt?order=x&token=${secrets[0]}&print=1`);
  await request.get(`${server.origin}/reset-password?token=${secrets[1]}`);
  await request.get(`${server.origin}/api/auth/reset-password/${secrets[1]}?callbackURL=%2Freset-password`, {
    maxRedirects: 0,
  });
  await request.get(`${server.origin}/api/auth/verify-email?token=${secrets[2]}&callbackURL=%2Flogin`, {
    maxRedirects: 0,
  });
  // The requests were logged (by path), and no token was.
  await expect.poll(() => server.log()).toContain('"url":"/reset-password"');
  expect(server.log()).toContain('"url":"/payment-success"');
  for (const secret of secrets) expect(server.log()).not.toContain(secret);
});

test("with an https address: HSTS, Secure cookies and the production headers on every kind of answer", async ({
  request,
}) => {
  const secure = await startServer(BASE_PORT + 1, { PUBLIC_URL: "https://shop.test" });
  try {
    const home = await request.get(`${secure.origin}/?ref=SAMTAYLOR`);
    const asset = await request.get(
      `${secure.origin}/assets/${fs.readdirSync("build/client/assets").find((f) => f.endsWith(".js"))}`,
    );
    const card = await request.get(`${secure.origin}/card/wc341`);
    const cardAgain = await request.get(`${secure.origin}/card/wc341`); // from the in-memory cache
    // A resource route that names its own headers: each still arrives once.
    const qr = await request.get(`${secure.origin}/card/wc341/qr.svg`);
    for (const response of [home, asset, card, cardAgain, qr]) {
      const headers = response.headers();
      expect(headers["strict-transport-security"]).toMatch(/max-age=\d{7,}/);
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBeTruthy();
      for (const name of ["x-content-type-options", "referrer-policy", "strict-transport-security"])
        expect(response.headersArray().filter((h) => h.name.toLowerCase() === name)).toHaveLength(1);
    }
    for (const page of [home, card, cardAgain]) {
      expect(page.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    }
    // The card page states one policy, its own (nothing but its one stylesheet), rendered or from memory.
    for (const page of [card, cardAgain]) {
      const policies = page.headersArray().filter((h) => h.name.toLowerCase() === "content-security-policy");
      expect(policies.map((h) => h.value)).toEqual([expect.stringContaining("default-src 'none'")]);
    }
    const cookies = home.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie");
    expect(cookies.map((c) => c.value)).toContainEqual(expect.stringMatching(/^ref=.*; Secure/));
  } finally {
    await secure.stop();
  }
});

test("made-up card slugs leave the page cache within its cap", async ({ request }) => {
  const cache = async () => (await request.get(`${server.origin}/__test/card-cache`)).json();
  const { limits } = await cache();
  const slugs = Array.from({ length: limits.misses + 100 }, (_, i) => `no-such-card-${i}`);
  for (let i = 0; i < slugs.length; i += 25) {
    const batch = slugs.slice(i, i + 25).map((slug) => request.get(`${server.origin}/${slug}`));
    for (const response of await Promise.all(batch)) expect(response.status()).toBe(404);
  }
  const { size } = await cache();
  expect(size.misses).toBeLessThanOrEqual(limits.misses);
  expect((await request.get(`${server.origin}/card/wc341`)).status()).toBe(200);
});
