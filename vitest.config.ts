import { defineConfig } from "vitest/config";

// Tests of what only PostgreSQL has (LISTEN/NOTIFY between app processes) are named *.postgres.int.test.ts and
// run in the PostgreSQL pass only.
const postgresOnly = process.env.TEST_DATABASE === "postgres" ? [] : ["**/*.postgres.int.test.ts"];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "**/*.hard.test.ts", "**/node_modules/**"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          // Runs once per database: TEST_DATABASE=pglite (default) or postgres (see tests/support/global-db.ts).
          name: "integration",
          include: ["app/**/*.int.test.ts", "server/**/*.int.test.ts", "tests/**/*.int.test.ts"],
          exclude: [...postgresOnly, "**/node_modules/**"],
          environment: "node",
          globalSetup: ["tests/support/global-db.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // `npm run test:hard`: whole app processes on this machine, killed, replayed and loaded; one file at a
          // time, as each one starts its own servers and measures them.
          name: "hard",
          include: ["tests/hard/**/*.hard.test.ts"],
          environment: "node",
          fileParallelism: false,
          testTimeout: 10 * 60_000,
          hookTimeout: 5 * 60_000,
        },
      },
    ],
  },
});
