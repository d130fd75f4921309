// The e-mail outbox: messages are queued in the database with the change that causes them and sent by a worker.
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { emailOutbox } from "~/db/schema";
import type { Database, DbOrTx } from "../db.server";
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
 * Sends every message that is due. Rows are claimed with SKIP LOCKED and a lease, so several app processes
 * can run workers against one PostgreSQL without sending a message twice.
 */
export async function deliverDueEmails(db: Database, send: SendEmail, logger?: Logger) {
  const due = await db.transaction(async (tx) => {
    const ids = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.status, "pending"),
          lte(emailOutbox.nextAttemptAt, sql`now()`),
          or(isNull(emailOutbox.lockedUntil), lte(emailOutbox.lockedUntil, sql`now()`)),
        ),
      )
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
  for (const row of due) {
    try {
      await send({ to: row.to, replyTo: row.replyTo, subject: row.subject, text: row.text, html: row.html });
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
      sent++;
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
    }
  }
  return { sent, failed: due.length - sent };
}

/** Runs deliverDueEmails on a timer and whenever poked; stop() waits for the current round. */
export function startOutboxWorker(opts: {
  db: Database;
  send: SendEmail;
  logger: Logger;
  intervalMs?: number;
}) {
  let running: Promise<unknown> | null = null;
  let again = false;
  let stopped = false;
  const round = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = deliverDueEmails(opts.db, opts.send, opts.logger)
      .catch((error) => opts.logger.error({ err: error }, "outbox round failed"))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          round();
        }
      });
  };
  const timer = setInterval(round, opts.intervalMs ?? 5000);
  timer.unref();
  round();
  return {
    poke: round,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
