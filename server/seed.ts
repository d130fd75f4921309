// Demo data for a new installation, seeded once (DEMO_DATA). Each later domain adds its own step here.
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import { appState } from "~/db/schema";
import { renumberSampleCard, seedDemoCards } from "~/server/cards/seed.server";
import { seedDemoLeads } from "~/server/cold-calling/lead-pool.server";
import type { Database, Tx } from "~/server/platform/db.server";
import type { Config } from "~/server/platform/env.server";
import { seedDemoReferrers } from "~/server/referrals/referrals.server";

type SeedStep = { name: string; run: (tx: Tx, config: Config) => Promise<void> };

/** Steps run in order; each one runs once per database, recorded in app_state. */
const steps: SeedStep[] = [
  { name: "cards", run: seedDemoCards },
  { name: "referrers", run: (tx) => seedDemoReferrers(tx) },
  { name: "sample-card-number", run: (tx) => renumberSampleCard(tx) },
  { name: "leads", run: (tx) => seedDemoLeads(tx) },
];

export async function seedDemoData(db: Database, logger: Logger, config: Config) {
  for (const step of steps) {
    const key = `seed:${step.name}`;
    const done = await db.select().from(appState).where(eq(appState.key, key));
    if (done.length > 0) continue;
    await db.transaction(async (tx) => {
      await step.run(tx, config);
      await tx
        .insert(appState)
        .values({ key, value: { at: new Date().toISOString() } })
        .onConflictDoNothing();
    });
    logger.info({ step: step.name }, "demo data seeded");
  }
}
