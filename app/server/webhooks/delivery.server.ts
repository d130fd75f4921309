// Over 300 lines: claiming, signing, sending, retrying and giving up on a delivery are one worker.
// Sends queued webhook deliveries: signed POSTs, 5 s each, retried with exponential back-off for 24 hours, then
// marked failed and the owner told once by e-mail. Claims lapse, so a killed worker loses nothing (at least once).

import { createHmac } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { and, asc, eq, inArray, isNotNull, isNull, lte, or } from "drizzle-orm";
import type { Logger } from "pino";
import { users, webhookDeliveries, webhookEndpoints } from "~/db/schema";
import type { Database, Tx } from "../platform/db.server";
import { enqueueEmail } from "../platform/email/outbox.server";
import { composeEmail } from "../platform/email/templates.server";
import { startPolledWorker } from "../platform/polled-worker.server";
import { type LookupAll, type ResolvedAddress, resolveWebhookTarget } from "./address-guard.server";
import { decryptWebhookSecret } from "./webhooks.server";

/** The header that carries the signature; docs/webhooks.md shows a receiver checking it. */
export const SIGNATURE_HEADER = "Tapcard-Signature";
/** A receiver that has not answered by then counts as a failure. */
const TIMEOUT_MS = 5000;
/** Retries stop once the next one would fall past this age of the event. */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Longer than a batch can take (BATCH / PARALLEL rounds of at most TIMEOUT_MS), so a live claim never lapses. */
const CLAIM_MS = 60_000;
const BATCH = 20;
const PARALLEL = 10;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with the secret>`, as Stripe signs its events. */
function signWebhook(secret: string, body: string, timestamp: number) {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

/** Seconds before the next try after `attempts` failures: 30 s, 1 min, 2 min ... capped at one hour. */
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

type Outcome = { ok: true; statusCode: number } | { ok: false; statusCode: number | null; error: string };

/** One POST to the address that was checked: no redirects followed, no connection reuse, TIMEOUT_MS in all. */
function post(
  url: URL,
  target: ResolvedAddress,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const client = url.protocol === "https:" ? https : http;
    let settled = false;
    const finish = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = client.request(url, {
      method: "POST",
      headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
      agent: false,
      // Connect to the address checked above, whatever the name resolves to now.
      lookup: (_hostname, options, callback) => {
        if (options.all) callback(null, [target]);
        else callback(null, target.address, target.family);
      },
    });
    const timer = setTimeout(() => {
      request.destroy();
      finish({ ok: false, statusCode: null, error: `no answer within ${timeoutMs / 1000} s` });
    }, timeoutMs);
    request.on("response", (response) => {
      const statusCode = response.statusCode ?? 0;
      // The body is not needed; reading it to the end (within the time limit) lets the socket close cleanly.
      response.resume();
      response.on("end", () =>
        finish(
          statusCode >= 200 && statusCode < 300
            ? { ok: true, statusCode }
            : { ok: false, statusCode, error: `answered ${statusCode}` },
        ),
      );
      response.on("error", (error) => finish({ ok: false, statusCode, error: error.message }));
    });
    request.on("error", (error) => finish({ ok: false, statusCode: null, error: error.message }));
    request.end(body);
  });
}

/**
 * Sends every delivery that is due at `now`. Several app processes can run this against one PostgreSQL: a
 * delivery is claimed (SKIP LOCKED, then a lease until now + CLAIM_MS) before it is sent outside any transaction.
 */
export async function deliverDueWebhooks(db: Database, opts: DeliveryOptions) {
  const now = opts.now ?? new Date();
  const claimed = await db.transaction(async (tx) => {
    // A subquery rather than a join, so the row locks fall on deliveries only.
    const enabled = tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.enabled, true));
    const due = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          // Due, pending, not held by a live claim, for an endpoint that is turned on.
          eq(webhookDeliveries.status, "pending"),
          lte(webhookDeliveries.nextAttemptAt, now),
          or(isNull(webhookDeliveries.lockedUntil), lte(webhookDeliveries.lockedUntil, now)),
          inArray(webhookDeliveries.endpointId, enabled),
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(webhookDeliveries)
      .set({ lockedUntil: new Date(now.getTime() + CLAIM_MS) })
      .where(
        inArray(
          webhookDeliveries.id,
          due.map((r) => r.id),
        ),
      )
      .returning();
  });
  let delivered = 0;
  let failed = 0;
  for (let i = 0; i < claimed.length; i += PARALLEL) {
    const results = await Promise.all(
      claimed.slice(i, i + PARALLEL).map((row) => attempt(db, row, now, opts)),
    );
    for (const ok of results) {
      if (ok) delivered++;
      else failed++;
    }
  }
  return { delivered, failed };
}

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** One attempt at one claimed delivery, and its outcome recorded; true when the receiver took it. */
async function attempt(db: Database, row: DeliveryRow, now: Date, opts: DeliveryOptions) {
  const [endpoint] = await db
    .select({
      url: webhookEndpoints.url,
      secretEncrypted: webhookEndpoints.secretEncrypted,
      ownerUserId: webhookEndpoints.ownerUserId,
    })
    .from(webhookEndpoints)
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
        .set({ failureNotifiedAt: null })
        .where(and(eq(webhookEndpoints.id, row.endpointId), isNotNull(webhookEndpoints.failureNotifiedAt)));
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
    if (givingUp) await tellOwnerOnce(tx, row.endpointId, endpoint.ownerUserId, endpoint.url, now, opts);
  });
  opts.logger?.warn(
    { deliveryId: row.id, eventId: row.eventId, attempts, givingUp, err: outcome.error },
    "webhook delivery failed",
  );
  return false;
}

/** E-mails the owner that deliveries to this endpoint stopped, once until one gets through again. */
async function tellOwnerOnce(
  tx: Tx,
  endpointId: string,
  ownerUserId: string,
  url: string,
  now: Date,
  opts: DeliveryOptions,
) {
  const [claimed] = await tx
    .update(webhookEndpoints)
    .set({ failureNotifiedAt: now })
    .where(and(eq(webhookEndpoints.id, endpointId), isNull(webhookEndpoints.failureNotifiedAt)))
    .returning({ id: webhookEndpoints.id });
  if (!claimed) return;
  const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, ownerUserId));
  if (!owner) return;
  await enqueueEmail(
    tx,
    composeEmail({
      shop: opts.shop,
      to: owner.email,
      subject: `A webhook to ${new URL(url).host} could not be delivered`,
      greeting: "Hello,",
      lines: [
        `We tried for 24 hours to deliver an event to your webhook endpoint at ${new URL(url).host}, and it did not answer with a success (2xx) status. The event is marked as failed and will not be sent again.`,
        "Check that the endpoint is up and answers within 5 seconds. Later events are still sent; we will not e-mail you again about this endpoint until a delivery to it succeeds.",
      ],
      action: { label: "See your deliveries", url: `${opts.publicUrl}/dashboard/settings/integrations` },
    }),
  );
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
      return result.delivered + result.failed >= BATCH;
    },
    beforeFirstRound: opts.releaseClaimsAtStart ? () => releaseWebhookClaims(opts.db) : undefined,
    logger: opts.logger,
    name: "webhook",
    intervalMs: opts.intervalMs,
  });
}
