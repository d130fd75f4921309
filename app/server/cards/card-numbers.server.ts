// Card numbers (WC + 4 digits) name every card sold, Multi Link pages and One Link cards alike, from one space.
// The two kinds live in two tables, so a unique index alone cannot keep a number from naming two cards:
// numbers are drawn under one transaction-scoped lock, checked against both tables.
import { randomInt } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import { cardPages, oneLinkCards } from "~/db/schema";
import type { Tx } from "../platform/db.server";

/** Any constant: the key of the advisory lock every card-number draw takes. */
const CARD_NUMBER_LOCK = 7_031_341;

export class CardNumbersExhausted extends Error {
  override name = "CardNumbersExhausted";
}

const taken = (cardNumber: string | SQL) =>
  sql`(exists (select 1 from ${cardPages} where ${cardPages.cardNumber} = ${cardNumber}) or exists (select 1 from ${oneLinkCards} where ${oneLinkCards.cardNumber} = ${cardNumber}))`;

function rowsOf<T>(result: unknown) {
  return (result as { rows: T[] }).rows;
}

/**
 * A free card number, held for this transaction: another draw waits until it commits or rolls back, so insert
 * the card in the same transaction. Random numbers keep them unguessable.
 */
export async function drawCardNumber(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${CARD_NUMBER_LOCK})`);
  for (let attempt = 0; attempt < 30; attempt++) {
    const cardNumber = `WC${randomInt(1000, 10000)}`;
    const [row] = rowsOf<{ taken: boolean }>(await tx.execute(sql`select ${taken(cardNumber)} as taken`));
    if (!row?.taken) return cardNumber;
  }
  // The space is getting full: take a free number directly.
  const [free] = rowsOf<{ n: number }>(
    await tx.execute(
      sql`select n from generate_series(1000, 9999) as n where not ${taken(sql`'WC' || n`)} order by random() limit 1`,
    ),
  );
  if (free === undefined) throw new CardNumbersExhausted("No card numbers are left");
  return `WC${free.n}`;
}
