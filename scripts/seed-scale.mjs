// `npm run seed:scale`: fills the configured database (DATABASE_URL, else the embedded one in DATA_DIR) with
// load-test data: 100,000 card pages on PostgreSQL, a tenth on the embedded database. Refused in production and
// on a database that already holds it. The scale customer can sign in with the password printed at the end.
import { hashPassword } from "better-auth/crypto";
import { appModuleLoader } from "./app-modules.mjs";
import { root } from "./build-if-stale.mjs";

const CUSTOMER_PASSWORD = "scale-customer-password";

if (process.env.NODE_ENV === "production") {
  console.error("seed:scale fills the database with made-up data and never runs with NODE_ENV=production.");
  process.exit(2);
}

const loader = await appModuleLoader();
let exitCode = 0;
try {
  const { loadConfig } = await loader.load("app/server/platform/env.server.ts");
  const { openDatabase } = await loader.load("app/server/platform/db.server.ts");
  const { hashEditPassword } = await loader.load("app/server/cards/edit-passwords.server.ts");
  const seed = await loader.load("app/server/platform/scale-seed.server.ts");
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    migrationsFolder: `${root}/drizzle`,
  });
  try {
    const size = database.kind === "postgres" ? seed.FULL_SCALE : seed.TENTH_SCALE;
    console.warn(`Seeding ${size.cards.toLocaleString("en-GB")} card pages on ${database.kind}...`);
    const { ms } = await seed.seedScale(database.db, size, await hashEditPassword("scale-card-password"), {
      customerPasswordHash: await hashPassword(CUSTOMER_PASSWORD),
    });
    console.warn(
      [
        `Done in ${(ms / 1000).toFixed(1)} s: ${size.cards.toLocaleString("en-GB")} card pages,`,
        `${(size.cards * size.linksPerCard).toLocaleString("en-GB")} links, ${size.orders.toLocaleString("en-GB")} orders,`,
        `${size.customers.toLocaleString("en-GB")} customers.`,
        `Sign in as ${seed.SCALE_CUSTOMER.email} with '${CUSTOMER_PASSWORD}' (50 cards, 2,000 prospects).`,
        "Every seeded card's edit password is 'scale-card-password'.",
      ].join(" "),
    );
  } finally {
    await database.close();
  }
} catch (error) {
  const known = ["ConfigError", "DatabaseError", "ScaleSeedError"].includes(error?.name);
  console.error(known ? error.message : (error?.stack ?? String(error)));
  exitCode = 1;
} finally {
  await loader.close();
}
process.exit(exitCode);
