// Every signed-in page asks who is signed in: one query, the session joined with its user.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { loadConfig } from "../platform/env.server";
import { getSessionUser, requireUser } from "./session.server";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

describe("who is signed in", () => {
  it("is read in one query: the session with its user", async () => {
    const config = loadConfig({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "session-query-")) });
    const auth = testAuth(t.db, config);
    const { cookie } = await verifiedCustomer(auth, t.db, "Jo", "jo@example.com");
    // Counted where drizzle hands each statement to the driver.
    const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } })
      .$client;
    const query = client.query;
    const statements: string[] = [];
    client.query = function (this: unknown, ...args: unknown[]) {
      const first = args[0];
      statements.push(typeof first === "string" ? first : String((first as { text?: string }).text));
      return query.apply(this, args);
    };
    try {
      const user = await getSessionUser(
        { auth },
        new Request("http://shop.test/dashboard", { headers: { cookie } }),
      );
      expect(user).toMatchObject({ name: "Jo", email: "jo@example.com", role: "customer" });
    } finally {
      client.query = query;
    }
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/join/i);
  });

  it("sends a signed-out visitor to log in and back to the page, not to React Router's data request", async () => {
    const config = loadConfig({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "session-query-")) });
    const auth = testAuth(t.db, config);
    const redirectOf = async (address: string) => {
      const thrown = await requireUser({ auth }, new Request(address)).catch((e: unknown) => e);
      return (thrown as Response).headers.get("Location");
    };
    expect(
      await redirectOf("http://shop.test/dashboard/links.data?tab=2&_routes=routes%2Fdashboard%2Flinks"),
    ).toBe(`/login?redirectTo=${encodeURIComponent("/dashboard/links?tab=2")}`);
    expect(await redirectOf("http://shop.test/_root.data")).toBe(
      `/login?redirectTo=${encodeURIComponent("/")}`,
    );
    expect(await redirectOf("http://shop.test/dashboard?card=WC0341")).toBe(
      `/login?redirectTo=${encodeURIComponent("/dashboard?card=WC0341")}`,
    );
  });
});
