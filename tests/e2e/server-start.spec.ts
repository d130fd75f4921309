// The start log as an operator reads it: the address the server really listens on, one that answers, and no
// warning.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures";

/** A port nobody listens on now, from the system. */
async function freePort() {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "::", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Runs `node server.mjs` (or another script) with extra env; stops it when the test ends. */
function startServer(env: Record<string, string>, script = "server.mjs") {
  const child = spawn(process.execPath, [script], {
    env: {
      ...process.env,
      LOG_LEVEL: "warn",
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "srv-start-")),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    stderr += d;
    output += d;
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  /** stderr alone, and everything printed (stdout and stderr). */
  return { child, exited, stderr: () => stderr, output: () => output };
}

for (const [host, shown] of [
  ["::", (port: number) => `http://[::]:${port}`],
  ["0.0.0.0", (port: number) => `http://0.0.0.0:${port}`],
  ["127.0.0.1", (port: number) => `http://localhost:${port}`],
] as const)
  test(`the start log names the address it listens on (HOST=${host})`, async ({ request }) => {
    const port = await freePort();
    const server = startServer({ HOST: host, PORT: String(port), PUBLIC_URL: `http://localhost:${port}` });
    try {
      await expect.poll(server.stderr, { timeout: 60_000 }).toMatch(/Ready on \S+/);
      const line = server.stderr().match(/Ready on (\S+)/)![1]!;
      expect(line).toBe(shown(port));
      // The address it names answers (an unspecified address through the loopback).
      const url = new URL(line.replace("[::]", "[::1]").replace("0.0.0.0", "127.0.0.1"));
      expect((await request.get(`${url.origin}/healthz`)).status()).toBe(200);
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  });

// `npm start` (scripts/start.mjs) on the build `npm test` has just made: it says what it runs on, where it listens
// and that it stops, nothing else. A warning, from Node, a dependency or the app's log (LOG_LEVEL=warn shows its
// warnings), is a line more. The build's own warnings fail the build `npm test` makes (build-if-stale.mjs --strict).
test("npm start prints no warning", async ({ request }) => {
  const port = await freePort();
  const server = startServer(
    { HOST: "127.0.0.1", PORT: String(port), PUBLIC_URL: `http://localhost:${port}` },
    "scripts/start.mjs",
  );
  try {
    await expect.poll(server.stderr, { timeout: 60_000 }).toMatch(/Ready on \S+/);
    expect((await request.get(`http://127.0.0.1:${port}/healthz`)).status()).toBe(200);
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
  const expected = [
    /^npm start on Node v[\d.]+ \(.+\)$/,
    new RegExp(`^Ready on http://localhost:${port}$`),
    /^SIGTERM received, shutting down$/,
  ];
  const lines = server
    .output()
    .split("\n")
    .filter((line) => line.trim() !== "");
  expect(lines.filter((line) => !expected.some((re) => re.test(line)))).toEqual([]);
  expect(lines).toHaveLength(expected.length);
});
