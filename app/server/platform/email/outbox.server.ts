// The e-mail outbox: messages are queued in the database with the change that causes them and sent by a worker.

import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { emailOutbox } from "~/db/schema";
import type { Database, DbOrTx } from "../db.server";
import { startPolledWorker } from "../polled-worker.server";
import type { OutgoingEmail, SendEmail } from "./mailer.server";

/** Queues a message. Pass the transaction of the change that causes it, so both commit or neither does. */
export async function enqueueEmail(db: DbOrTx, message: OutgoingEmail) {
  const [row] = await db
    .insert(emailOutbox)
    .values({ ...message, replyTo: message.replyTo ?? null })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

/** Seconds to wait before the next try: 10 s, 20 s, 40 s ... capped at one hour. Sends are retried forever. */
export function backoffSeconds(attempts: number) {
  return Math.min(10 * 2 ** Math.max(0, attempts - 1), 3600);
}

const CLAIM_SECONDS = 120;
const BATCH = 20;

/**
 * How a worker keeps other workers off a message while it sends it.
 * - "row-lock" (PostgreSQL): each message is sent inside its own transaction that holds the row lock. If the
 *   process dies, PostgreSQL drops its connection and the lock at once, so a restarted or another process sends
 *   the message straight away; only that one message can go out twice (sent, not yet marked).
 * - "lease" (embedded database, which runs one transaction at a time and must not wait on a mail server): rows
 *   are claimed for CLAIM_SECONDS, then sent outside any transaction. Only this process opens the database, so
 *   claims left by a killed process are released when the worker starts (releaseOutboxClaims).
 */
export type ClaimMode = "row-lock" | "lease";

/** Due, not sent, and not leased by a live worker. */
const isDue = () =>
  and(
    eq(emailOutbox.status, "pending"),
    lte(emailOutbox.nextAttemptAt, sql`now()`),
    or(isNull(emailOutbox.lockedUntil), lte(emailOutbox.lockedUntil, sql`now()`)),
  );

type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * The left part of a Message-ID fixed per outbox row: a message sent again after a crash carries the same id, so
 * mail systems that drop repeated ids (and anyone reading headers) see one message.
 */
function outboxMessageKey(row: Pick<OutboxRow, "id" | "createdAt">) {
  return `outbox-${row.id}-${row.createdAt.getTime()}`;
}

/**
 * Sends every message that is due. Several app processes can run workers against one PostgreSQL without
 * sending a message twice (SKIP LOCKED), and a process killed mid-round leaves nothing stuck (see ClaimMode).
 */
export async function deliverDueEmails(
  db: Database,
  send: SendEmail,
  logger?: Logger,
  opts: { claim?: ClaimMode } = {},
) {
  return opts.claim === "row-lock" ? deliverHoldingLocks(db, send, logger) : deliverLeased(db, send, logger);
}

async function deliverLeased(db: Database, send: SendEmail, logger?: Logger) {
  const due = await db.transaction(async (tx) => {
    const ids = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(isDue())
      .orderBy(asc(emailOutbox.id))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    if (ids.length === 0) return [];
    return tx
      .update(emailOutbox)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})` })
      .where(
        inArray(
          emailOutbox.id,
          ids.map((r) => r.id),
        ),
      )
      .returning();
  });
  let sent = 0;
  for (const row of due) if (await sendOne(db, row, send, logger)) sent++;
  return { sent, failed: due.length - sent };
}

async function deliverHoldingLocks(db: Database, send: SendEmail, logger?: Logger) {
  let sent = 0;
  let failed = 0;
  for (let i = 0; i < BATCH; i++) {
    const outcome = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(emailOutbox)
        .where(isDue())
        .orderBy(asc(emailOutbox.id))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!row) return "none" as const;
      return (await sendOne(tx, row, send, logger)) ? ("sent" as const) : ("failed" as const);
    });
    if (outcome === "none") break;
    if (outcome === "sent") sent++;
    else failed++;
  }
  return { sent, failed };
}

/** Sends one claimed row and records the outcome; true when the mail server accepted it. */
async function sendOne(db: DbOrTx, row: OutboxRow, send: SendEmail, logger?: Logger) {
  try {
    await send({
      to: row.to,
      replyTo: row.replyTo,
      subject: row.subject,
      text: row.text,
      html: row.html,
      messageKey: outboxMessageKey(row),
    });
  } catch (error) {
    const attempts = row.attempts + 1;
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(emailOutbox)
      .set({
        attempts,
        lastError: message.slice(0, 1000),
        lockedUntil: null,
        nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(attempts)})`,
      })
      .where(eq(emailOutbox.id, row.id));
    logger?.warn({ emailId: row.id, attempts, err: message }, "e-mail send failed; will retry");
    return false;
  }
  await db
    .update(emailOutbox)
    .set({
      status: "sent",
      sentAt: new Date(),
      attempts: row.attempts + 1,
      lockedUntil: null,
      lastError: null,
    })
    .where(eq(emailOutbox.id, row.id));
  return true;
}

/**
 * Clears every lease: for the embedded database at start, when no other process can hold one (the database
 * lock), so messages a killed process had claimed go out now instead of after the lease.
 */
async function releaseOutboxClaims(db: Database) {
  await db
    .update(emailOutbox)
    .set({ lockedUntil: null })
    .where(and(eq(emailOutbox.status, "pending"), isNotNull(emailOutbox.lockedUntil)));
}

/** What /healthz reports: messages not yet sent, and the age in seconds of the oldest (0 when none). */
export async function outboxBacklog(db: Database) {
  const [row] = await db
    .select({
      pending: sql<number>`count(*)::int`,
      lagSeconds: sql<number>`coalesce(floor(extract(epoch from now() - min(${emailOutbox.createdAt}))), 0)::int`,
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.status, "pending"));
  return { pending: Number(row?.pending ?? 0), lagSeconds: Math.max(0, Number(row?.lagSeconds ?? 0)) };
}

/** Runs deliverDueEmails on a timer and whenever poked; stop() waits for the current round. */
export function startOutboxWorker(opts: {
  db: Database;
  send: SendEmail;
  logger: Logger;
  claim: ClaimMode;
  intervalMs?: number;
}) {
  return startPolledWorker({
    // A full batch: more may be waiting, so go on now rather than at the next tick.
    round: async () => {
      const result = await deliverDueEmails(opts.db, opts.send, opts.logger, { claim: opts.claim });
      return result.sent + result.failed >= BATCH;
    },
    // Before the first round: leases left by a process that was killed would otherwise hold its messages back.
    beforeFirstRound: opts.claim === "lease" ? () => releaseOutboxClaims(opts.db) : undefined,
    logger: opts.logger,
    name: "outbox",
    intervalMs: opts.intervalMs,
  });
}
