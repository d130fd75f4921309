// Runs the built app (`node server.mjs`) as an operator would, for tests of the whole process: backup and
// restore, and the deployment behind nginx.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { busyPhoto } from "../fixtures/busy-photo.mjs";

export const root = path.resolve(import.meta.dirname, "../..");

/** Builds the app when its sources changed since the last build; a build that printed a warning fails. */
export function buildApp() {
  const result = spawnSync(process.execPath, ["scripts/build-if-stale.mjs", "--strict"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error("The build failed or printed a warning");
}

const TEST_ADMIN = { email: "ops-admin@example.com", password: "ops-admin-password" };

export interface AppServer {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the built app on 127.0.0.1:port with the given settings and waits until /healthz answers. `script` is
 * what Node runs, as a service file names it.
 */
export async function startApp(
  port: number,
  env: Record<string, string | undefined>,
  script = ["server.mjs"],
): Promise<AppServer> {
  const base: Record<string, string | undefined> = { ...process.env };
  const unset = [
    "DATABASE_URL",
    "PUBLIC_URL",
    "TRUST_PROXY",
    "WEB_CONCURRENCY",
    "S3_BUCKET",
    "E2E_TEST_HOOKS",
  ];
  for (const name of unset) delete base[name];
  const child = spawn(process.execPath, script, {
    cwd: root,
    env: {
      ...base,
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The app exited at start:\n${output}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The app did not answer /healthz within a minute:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Signs in as TEST_ADMIN through the admin form; returns the Cookie header. */
export async function signInAdmin(url: string, origin = url) {
  const response = await fetch(`${url}/admin-login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin },
    body: new URLSearchParams(TEST_ADMIN),
  });
  if (response.status !== 302) throw new Error(`Signing in failed with ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Creates a card page with an uploaded profile photo through the admin forms; returns the photo's URL. */
export async function createCardWithPhoto(url: string, cookie: string, slug: string) {
  const upload = new FormData();
  upload.append("image", new Blob([new Uint8Array(await busyPhoto())], { type: "image/jpeg" }), "photo.jpg");
  const uploaded = (await (
    await fetch(`${url}/admin-dashboard/upload-image`, {
      method: "POST",
      headers: { Origin: url, Cookie: cookie },
      body: upload,
    })
  ).json()) as { url?: string };
  if (!uploaded.url) throw new Error(`The upload failed: ${JSON.stringify(uploaded)}`);
  const created = await fetch(`${url}/admin-dashboard/create`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: url, Cookie: cookie },
    body: new URLSearchParams({
      name: "Backup Person",
      businessName: "Round Trip Bakery",
      slug,
      password: "card-edit-password",
      contactEmail: "person@example.com",
      bio: "Bread, backed up.",
      profileImageUrl: uploaded.url,
      "links[0].title": "Our website",
      "links[0].url": "https://www.example.com/",
      "links[0].icon": "globe",
    }),
  });
  if (created.status !== 302) throw new Error(`Creating the card failed with ${created.status}`);
  return uploaded.url;
}
