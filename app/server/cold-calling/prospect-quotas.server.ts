// How much one account may hold in Cold Calling (prospects in all, notes per prospect), checked under a lock so
// two writes at the same moment cannot both pass, and what the actions need to count the write limits.
import { and, eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { prospectActivities, prospects, users } from "~/db/schema";
import { PROSPECT_QUOTAS } from "~/schemas/prospect-options";
import type { DbOrTx } from "../platform/db.server";

export const PROSPECTS_FULL = `An account holds at most ${PROSPECT_QUOTAS.prospects.toLocaleString("en-GB")} prospects.`;
export const NOTES_FULL = `A prospect holds at most ${PROSPECT_QUOTAS.notesPerProspect} notes.`;

/** What the actions need from the request: the database, and the client address the limits count. */
export type ProspectsContext = Pick<AppLoadContext, "db" | "clientIp">;

/**
 * Inside a transaction: waits for any other write of this account's prospects (a row lock on the account that
 * foreign keys do not take), then answers how many prospects it has.
 */
export async function lockProspectCount(tx: DbOrTx, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(prospects)
    .where(eq(prospects.userId, userId));
  return Number(row?.n ?? 0);
}

/**
 * Inside a transaction: locks the customer's own prospect and answers how many notes it has, or null when the
 * prospect is not theirs.
 */
export async function lockNoteCount(tx: DbOrTx, userId: string, prospectId: string) {
  const [p] = await tx
    .select({ id: prospects.id })
    .from(prospects)
    .where(and(eq(prospects.id, prospectId), eq(prospects.userId, userId)))
    .for("no key update");
  if (!p) return null;
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(prospectActivities)
    .where(and(eq(prospectActivities.prospectId, prospectId), eq(prospectActivities.kind, "note")));
  return Number(row?.n ?? 0);
}
