// The shop's default design: what every new card page starts in, and what 'Reset to default' goes back to. The
// admin sets it (Account -> Default design for new cards); a card keeps its own copy, so changing the default
// changes no page that exists.
import { eq } from "drizzle-orm";
import { appState } from "~/db/schema";
import { designFromStored } from "~/schemas/card-design";
import type { CardDesign } from "~/utils/card-design/options";
import type { DbOrTx } from "../platform/db.server";

const KEY = "default-card-design";

/** The shop's default design, or null when the shop keeps the built-in one (DEFAULT_DESIGN). */
export async function shopDefaultDesign(db: DbOrTx): Promise<CardDesign | null> {
  const [row] = await db.select({ value: appState.value }).from(appState).where(eq(appState.key, KEY));
  return row ? designFromStored(row.value) : null;
}

/** Sets the shop's default design; null goes back to the built-in one. */
export async function setShopDefaultDesign(db: DbOrTx, design: CardDesign | null) {
  if (!design) {
    await db.delete(appState).where(eq(appState.key, KEY));
    return;
  }
  await db
    .insert(appState)
    .values({ key: KEY, value: design })
    .onConflictDoUpdate({ target: appState.key, set: { value: design, updatedAt: new Date() } });
}
