// Sends queued webhook deliveries: signed POSTs, 5 s each, retried with exponential back-off for 24 hours, then
// marked failed and the owner told once by e-mail. Claims lapse, so a killed worker loses nothing (at least once).
// Fair to every account: one delivery per endpoint per round (never two in flight to one endpoint), and an
// endpoint that keeps not answering is held off, so one account's dead endpoint cannot hold the worker for others.

import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { organizations, webhookDeliveries, webhookEndpoints } from "~/db/schema";
import type { Database, DbOrTx } from "../platform/db.server";
import { startPolledWorker } from "../platform/polled-worker.server";
import { type LookupAll, resolveWebhookTarget } from "./address-guard.server";
import { tellOwnerOnce } from "./failure-notice.server";
import { type Outcome, post, SIGNATURE_HEADER, signWebhook } from "./send.server";
import { decryptWebhookSecret } from "./webhook-secrets.server";

/** A receiver that has not answered by then counts as a failure. */
const TIMEOUT_MS = 5000;
/** Retries stop once the next one would fall past this age of the event. */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Longer than a round can take (a DNS lookup and a POST, at most 5 s each, all endpoints at once). */
const CLAIM_MS = 60_000;
/** Endpoints served per round, one delivery each, all at once. */
const BATCH = 20;

/**
 * Seconds before the next try after `attempts` failures: 30 s, 1 min, 2 min ... capped at one hour. The same
 * steps hold off an endpoint after that many attempts in a row without an answer.
 */
function webhookBackoffSeconds(attempts: number) {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

export interface DeliveryOptions {
  authSecret: string;
  allowedHosts: readonly string[];
  /** For the owner's e-mail when a delivery fails for good. */
  shop: string;
  publicUrl: string;
  /** The worker's clock; tests move it instead of waiting. */
  now?: Date;
  /** Stands in for DNS in tests. */
  lookup?: LookupAll;
  timeoutMs?: number;
  logger?: Logger;
}

/**
 * Sends, for each endpoint with something due at `now` (the longest-waiting first, BATCH of them), its oldest due
 * delivery. Several app processes can run this against one PostgreSQL: an endpoint is locked (SKIP LOCKED) while
 * its delivery is claimed (a lease until now + CLAIM_MS), and an endpoint with a live claim is skipped, so one
 * endpoint never has two requests in flight. Sending happens outside any transaction.
 */
export async function deliverDueWebhooks(db: Database, opts: DeliveryOptions) {
  const now = opts.now ?? new Date();
  const d = webhookDeliveries;
  const due = and(eq(d.status, "pending"), lte(d.nextAttemptAt, now));
  const inFlight = and(eq(d.status, "pending"), gt(d.lockedUntil, now));
  const claimed = await db.transaction(async (tx) => {
    const endpoints = await tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.enabled, true),
          or(isNull(webhookEndpoints.backedOffUntil), lte(webhookEndpoints.backedOffUntil, now)),
          inArray(webhookEndpoints.id, tx.select({ id: d.endpointId }).from(d).where(due)),
        ),
      )
      .orderBy(
        sql`(select min(${d.nextAttemptAt}) from ${d} where ${d.endpointId} = ${webhookEndpoints.id} and ${due})`,
      )
      .limit(BATCH)
      // NO KEY UPDATE: it keeps other workers off these endpoints without blocking events queued for them.
      .for("no key update", { skipLocked: true });
    if (endpoints.length === 0) return [];
    // A statement of its own, so it sees claims made by a worker that held one of these locks until just now.
    const ids = endpoints.map((e) => e.id);
    const busy = new Set(
      (
        await tx
          .selectDistinct({ id: d.endpointId })
          .from(d)
          .where(and(inFlight, inArray(d.endpointId, ids)))
      ).map((r) => r.id),
    );
    const free = ids.filter((id) => !busy.has(id));
    if (free.length === 0) return [];
    const heads = await tx
      .selectDistinctOn([d.endpointId], { id: d.id })
      .from(d)
      .where(and(due, inArray(d.endpointId, free)))
      .orderBy(d.endpointId, asc(d.nextAttemptAt), asc(d.id));
    return tx
      .update(d)
      .set({ lockedUntil: new Date(now.getTime() + CLAIM_MS) })
      .where(
        inArray(
          d.id,
          heads.map((r) => r.id),
        ),
      )
      .returning();
  });
  const results = await Promise.all(claimed.map((row) => attempt(db, row, now, opts)));
  const delivered = results.filter(Boolean).length;
  return { delivered, failed: results.length - delivered };
}

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** One attempt at one claimed delivery, and its outcome recorded; true when the receiver took it. */
async function attempt(db: Database, row: DeliveryRow, now: Date, opts: DeliveryOptions) {
  const [endpoint] = await db
    .select({
      url: webhookEndpoints.url,
      secretEncrypted: webhookEndpoints.secretEncrypted,
      ownerUserId: webhookEndpoints.ownerUserId,
      companySlug: organizations.slug,
      consecutiveFailures: webhookEndpoints.consecutiveFailures,
    })
    .from(webhookEndpoints)
    .leftJoin(organizations, eq(organizations.id, webhookEndpoints.organizationId))
    .where(eq(webhookEndpoints.id, row.endpointId));
  if (!endpoint) return false; // deleted while claimed: its deliveries went with it
  const started = performance.now();
  let outcome: Outcome;
  const secret = decryptWebhookSecret(opts.authSecret, endpoint.secretEncrypted);
  if (secret === null) {
    outcome = {
      ok: false,
      statusCode: null,
      error: "the signing secret cannot be read: add the endpoint again",
    };
  } else {
    try {
      const url = new URL(endpoint.url);
      const target = await resolveWebhookTarget(url, {
        allowedHosts: opts.allowedHosts,
        lookup: opts.lookup,
      });
      const timestamp = Math.floor(Date.now() / 1000);
      outcome = await post(
        url,
        target,
        {
          "Content-Type": "application/json",
          "User-Agent": "TapCard-Webhooks/1.0",
          [SIGNATURE_HEADER]: signWebhook(secret, row.body, timestamp),
        },
        row.body,
        opts.timeoutMs ?? TIMEOUT_MS,
      );
    } catch (error) {
      outcome = {
        ok: false,
        statusCode: null,
        error: error instanceof Error ? error.message : String(error),
      };
    }
  }
  const durationMs = Math.round(performance.now() - started);
  const attempts = row.attempts + 1;
  const seen = {
    attempts,
    lastAttemptAt: now,
    lastStatusCode: outcome.statusCode,
    lastDurationMs: durationMs,
    lockedUntil: null,
  };
  // Any HTTP answer, even an error, shows the endpoint answers; none at all holds it off, longer each time in a row.
  const unanswered = outcome.statusCode === null;
  const failures = endpoint.consecutiveFailures + 1;
  const endpointState = unanswered
    ? {
        consecutiveFailures: failures,
        backedOffUntil: new Date(now.getTime() + webhookBackoffSeconds(failures) * 1000),
      }
    : { consecutiveFailures: 0, backedOffUntil: null };
  const thisEndpoint = eq(webhookEndpoints.id, row.endpointId);
  const heldOff = or(gt(webhookEndpoints.consecutiveFailures, 0), isNotNull(webhookEndpoints.backedOffUntil));
  // Only while still pending and claimed by this round: a row taken over after a lapsed claim is left alone.
  const mine = and(
    eq(webhookDeliveries.id, row.id),
    eq(webhookDeliveries.status, "pending"),
    row.lockedUntil
      ? eq(webhookDeliveries.lockedUntil, row.lockedUntil)
      : isNull(webhookDeliveries.lockedUntil),
  );
  if (outcome.ok) {
    await db.transaction(async (tx) => {
      await tx
        .update(webhookDeliveries)
        .set({ ...seen, status: "delivered", lastError: null })
        .where(mine);
      // A success ends a failure streak: the next delivery that fails for good is told again.
      await tx
        .update(webhookEndpoints)
        .set({ ...endpointState, failureNotifiedAt: null })
        .where(and(thisEndpoint, or(heldOff, isNotNull(webhookEndpoints.failureNotifiedAt))));
    });
    return true;
  }
  const next = new Date(now.getTime() + webhookBackoffSeconds(attempts) * 1000);
  const givingUp = next.getTime() > row.createdAt.getTime() + RETRY_WINDOW_MS;
  await db.transaction(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({
        ...seen,
        lastError: outcome.error.slice(0, 300),
        ...(givingUp ? { status: "failed" as const } : { nextAttemptAt: next }),
      })
      .where(mine);
    await tx
      .update(webhookEndpoints)
      .set(endpointState)
      .where(unanswered ? thisEndpoint : and(thisEndpoint, heldOff));
    if (givingUp) await tellOwnerOnce(tx, row.endpointId, endpoint, now, opts);
  });
  opts.logger?.warn(
    { deliveryId: row.id, eventId: row.eventId, attempts, givingUp, unanswered, err: outcome.error },
    "webhook delivery failed",
  );
  return false;
}

/**
 * Clears every claim: for the embedded database at start, when no other process can hold one, so deliveries a
 * killed process had claimed go out now instead of after their claim lapses.
 */
async function releaseWebhookClaims(db: Database) {
  await db
    .update(webhookDeliveries)
    .set({ lockedUntil: null })
    .where(eq(webhookDeliveries.status, "pending"));
}

/** Runs deliverDueWebhooks on a timer and whenever poked; stop() waits for the current round. */
export function startWebhookWorker(opts: {
  db: Database;
  delivery: Omit<DeliveryOptions, "now">;
  logger: Logger;
  /** The embedded database: only this process, so claims left by a killed one are released at start. */
  releaseClaimsAtStart: boolean;
  onEmailQueued?: () => void;
  intervalMs?: number;
}) {
  return startPolledWorker({
    round: async () => {
      const result = await deliverDueWebhooks(opts.db, { ...opts.delivery, logger: opts.logger });
      if (result.failed) opts.onEmailQueued?.();
      // One delivery per endpoint per round: anything sent means an endpoint may have more waiting.
      return result.delivered + result.failed > 0;
    },
    beforeFirstRound: opts.releaseClaimsAtStart ? () => releaseWebhookClaims(opts.db) : undefined,
    logger: opts.logger,
    name: "webhook",
    intervalMs: opts.intervalMs,
  });
}

/** Finished deliveries are kept this long for the Integrations tab, then removed by the hourly housekeeping. */
const KEEP_FINISHED_DAYS = 30;

/** Removes delivered and failed deliveries older than KEEP_FINISHED_DAYS; pending ones are never touched. */
export async function pruneWebhookDeliveries(db: DbOrTx, now = new Date()) {
  const removed = await db
    .delete(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.status, ["delivered", "failed"]),
        lt(webhookDeliveries.createdAt, new Date(now.getTime() - KEEP_FINISHED_DAYS * 86_400_000)),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return { deliveries: removed.length };
}
