// Demo data for a new installation, seeded once (DEMO_DATA). Each later domain adds its own step here.
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import { appState } from "~/db/schema";
import type { Database, Tx } from "./db.server";

type SeedStep = { name: string; run: (tx: Tx) => Promise<void> };

/** Steps run in order; each one runs once per database, recorded in app_state. */
const steps: SeedStep[] = [];

export async function seedDemoData(db: Database, logger: Logger) {
  for (const step of steps) {
    const key = `seed:${step.name}`;
    const done = await db.select().from(appState).where(eq(appState.key, key));
    if (done.length > 0) continue;
    await db.transaction(async (tx) => {
      await step.run(tx);
      await tx
        .insert(appState)
        .values({ key, value: { at: new Date().toISOString() } })
        .onConflictDoNothing();
    });
    logger.info({ step: step.name }, "demo data seeded");
  }
}
