// Webhooks: an account's receiving URLs (Settings → Integrations) and the events queued for them. Events are
// queued in the transaction of the change that causes them and sent by the delivery worker (delivery.server.ts);
// docs/webhooks.md is the receiver's side, docs/decisions/025-webhooks.md the reasons.
import { randomBytes, randomUUID } from "node:crypto";
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { organizations, users, webhookDeliveries, webhookEndpoints } from "~/db/schema";
import type { DbOrTx } from "../platform/db.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { normaliseWebhookUrl, WebhookAddressError } from "./address-guard.server";
import { WEBHOOK_LIMITS } from "./limits.server";
import { encryptWebhookSecret } from "./webhook-secrets.server";

/** Endpoints one account may have. */
export const WEBHOOK_ENDPOINT_LIMIT = 5;
/** Deliveries listed per endpoint in Settings. */
const WEBHOOK_DELIVERIES_SHOWN = 20;
/**
 * Deliveries that may wait for one endpoint. Past it the oldest waiting are marked failed (their contacts are
 * still in the dashboard): an endpoint that is down for days keeps the newest events, and its queue stays bounded.
 */
export const WEBHOOK_PENDING_LIMIT = 1000;
const DROPPED = `not sent: more than ${WEBHOOK_PENDING_LIMIT.toLocaleString("en-GB")} events were waiting for this endpoint`;

export type WebhookEventType = "contact.created" | "webhook.test";

/**
 * Whose endpoints: an account's own (its user id), or a company's, which receive its people's contacts. A company's
 * endpoints are not the account's, whoever added them.
 */
export type WebhookOwner = string | { organizationId: string };

const endpointsOf = (owner: WebhookOwner) =>
  typeof owner === "string"
    ? and(eq(webhookEndpoints.ownerUserId, owner), isNull(webhookEndpoints.organizationId))
    : eq(webhookEndpoints.organizationId, owner.organizationId);

export class WebhookError extends Error {
  override name = "WebhookError";
}

/** Over a rate limit: answered with 429. */
export class WebhookLimited extends WebhookError {
  override name = "WebhookLimited";
}

// --- Endpoints ---

/**
 * Adds an endpoint and returns it with its signing secret, which is shown to the owner this once. Refuses a
 * sixth endpoint, a URL the delivery would refuse, and a URL the owner already has. The account that adds a
 * company's endpoint (`addedBy`) is told when deliveries to it stop.
 */
export async function addWebhookEndpoint(
  db: DbOrTx,
  owner: WebhookOwner,
  rawUrl: string,
  opts: { authSecret: string; allowedHosts: readonly string[]; addedBy?: string },
) {
  let url: string;
  try {
    url = normaliseWebhookUrl(rawUrl, opts.allowedHosts);
  } catch (error) {
    if (error instanceof WebhookAddressError) throw new WebhookError(error.message);
    throw error;
  }
  const addedBy = typeof owner === "string" ? owner : opts.addedBy;
  if (!addedBy) throw new Error("A company's endpoint is added by one of its admins");
  const secret = `whsec_${randomBytes(24).toString("base64url")}`;
  return db.transaction(async (tx) => {
    // The owner's row lock serialises concurrent adds, so the limit holds on PostgreSQL too.
    if (typeof owner === "string")
      await tx.select({ id: users.id }).from(users).where(eq(users.id, owner)).for("update");
    else
      await tx
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.id, owner.organizationId))
        .for("update");
    const existing = await tx
      .select({ url: webhookEndpoints.url })
      .from(webhookEndpoints)
      .where(endpointsOf(owner));
    if (existing.length >= WEBHOOK_ENDPOINT_LIMIT)
      throw new WebhookError(`You can have at most ${WEBHOOK_ENDPOINT_LIMIT} webhook endpoints`);
    if (existing.some((e) => e.url === url)) throw new WebhookError("This URL is already added");
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        ownerUserId: addedBy,
        organizationId: typeof owner === "string" ? null : owner.organizationId,
        url,
        secretEncrypted: encryptWebhookSecret(opts.authSecret, secret),
      })
      .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url });
    return { ...row!, secret };
  });
}

/** The owner's endpoints, each with its last deliveries, newest first. */
export async function listWebhookEndpoints(db: DbOrTx, owner: WebhookOwner, now = new Date()) {
  const endpoints = await db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      enabled: webhookEndpoints.enabled,
      createdAt: webhookEndpoints.createdAt,
      consecutiveFailures: webhookEndpoints.consecutiveFailures,
      backedOffUntil: webhookEndpoints.backedOffUntil,
    })
    .from(webhookEndpoints)
    .where(endpointsOf(owner))
    .orderBy(webhookEndpoints.createdAt);
  return Promise.all(
    endpoints.map(async ({ consecutiveFailures, backedOffUntil, ...endpoint }) => ({
      ...endpoint,
      // Set only while the worker is holding off: the page says so, and until when.
      pausedUntil:
        backedOffUntil && backedOffUntil > now
          ? { until: backedOffUntil, unanswered: consecutiveFailures }
          : null,
      deliveries: await db
        .select({
          id: webhookDeliveries.id,
          eventId: webhookDeliveries.eventId,
          type: webhookDeliveries.type,
          status: webhookDeliveries.status,
          attempts: webhookDeliveries.attempts,
          createdAt: webhookDeliveries.createdAt,
          lastAttemptAt: webhookDeliveries.lastAttemptAt,
          lastStatusCode: webhookDeliveries.lastStatusCode,
          lastDurationMs: webhookDeliveries.lastDurationMs,
          lastError: webhookDeliveries.lastError,
        })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpoint.id))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(WEBHOOK_DELIVERIES_SHOWN),
    })),
  );
}

/**
 * A company's endpoints that someone who is leaving it added: they stay the company's, and from now on the account
 * told about failed deliveries is `toUserId` (one of its owners).
 */
export async function handOverCompanyEndpoints(
  db: DbOrTx,
  organizationId: string,
  fromUserId: string,
  toUserId: string,
) {
  await db
    .update(webhookEndpoints)
    .set({ ownerUserId: toUserId })
    .where(
      and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.ownerUserId, fromUserId)),
    );
}

/** The owner's endpoint, or a 'not found' error for anyone else's (the same answer as for no endpoint). */
async function ownEndpoint(db: DbOrTx, owner: WebhookOwner, endpointId: string) {
  const [row] = await db
    .select({ id: webhookEndpoints.id, enabled: webhookEndpoints.enabled })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), endpointsOf(owner)));
  if (!row) throw new WebhookNotFound();
  return row;
}

export class WebhookNotFound extends Error {
  override name = "WebhookNotFound";
}

export async function setWebhookEndpointEnabled(
  db: DbOrTx,
  owner: WebhookOwner,
  endpointId: string,
  enabled: boolean,
) {
  await ownEndpoint(db, owner, endpointId);
  await db.update(webhookEndpoints).set({ enabled }).where(eq(webhookEndpoints.id, endpointId));
}

/** Deletes the endpoint and its queued and past deliveries. */
export async function deleteWebhookEndpoint(db: DbOrTx, owner: WebhookOwner, endpointId: string) {
  await ownEndpoint(db, owner, endpointId);
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
}

// --- Events ---

/** The JSON body of an event: fixed once, so every attempt and every endpoint gets the same bytes. */
function eventBody(type: WebhookEventType, id: string, created: Date, data: unknown) {
  return JSON.stringify({ type, id, created: Math.floor(created.getTime() / 1000), data });
}

/**
 * Queue times from the worker's clock (milliseconds), not the database's now() (microseconds): a worker that
 * reads the clock right after queueing then finds the delivery due, never a fraction of a millisecond early.
 */
const queuedAt = (at: Date) => ({ createdAt: at, nextAttemptAt: at });

const newEventId = () => `evt_${randomUUID().replaceAll("-", "")}`;

/**
 * Queues an event for every enabled endpoint of the owner. Call it with the transaction of the change that
 * causes it (a contact shared from a card page: 'contact.created'), so the event exists if and only if the change
 * does. Returns the event id, or null when the owner has no enabled endpoint.
 */
export async function queueWebhookEvent(
  tx: DbOrTx,
  owner: WebhookOwner,
  type: WebhookEventType,
  data: Record<string, unknown>,
) {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(endpointsOf(owner), eq(webhookEndpoints.enabled, true)));
  if (endpoints.length === 0) return null;
  const eventId = newEventId();
  const created = new Date();
  const body = eventBody(type, eventId, created, data);
  await tx
    .insert(webhookDeliveries)
    .values(endpoints.map((e) => ({ ...queuedAt(created), endpointId: e.id, eventId, type, body })));
  for (const e of endpoints) await dropOverflow(tx, e.id);
  return eventId;
}

/** Marks failed, with the reason, what waits for the endpoint beyond the newest WEBHOOK_PENDING_LIMIT. */
async function dropOverflow(db: DbOrTx, endpointId: string) {
  const overflow = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, "pending")))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .offset(WEBHOOK_PENDING_LIMIT);
  await db
    .update(webhookDeliveries)
    .set({ status: "failed", lastError: DROPPED, lockedUntil: null })
    .where(and(inArray(webhookDeliveries.id, overflow), eq(webhookDeliveries.status, "pending")));
}

const TEST_LIMITED = "Too many test events in the last hour. Please wait a while and try again.";

/**
 * 'Send test event': one event to this endpoint only; a turned-off endpoint is sent nothing. Limited per endpoint
 * and per account. The owner asks for a try now, so an endpoint the worker was holding off is tried again.
 */
export async function queueTestEvent(db: DbOrTx, owner: WebhookOwner, endpointId: string) {
  const endpoint = await ownEndpoint(db, owner, endpointId);
  if (!endpoint.enabled) throw new WebhookError("Turn the endpoint on to send it a test event");
  // The endpoint first: an attempt it refuses does not use up the account's other endpoints.
  if (
    !(await hitRateLimit(db, `webhook-test:endpoint:${endpointId}`, WEBHOOK_LIMITS.webhookTestPerEndpoint))
      .allowed
  )
    throw new WebhookLimited(TEST_LIMITED);
  if (
    !(
      await hitRateLimit(
        db,
        typeof owner === "string"
          ? `webhook-test:user:${owner}`
          : `webhook-test:company:${owner.organizationId}`,
        WEBHOOK_LIMITS.webhookTestPerAccount,
      )
    ).allowed
  )
    throw new WebhookLimited(TEST_LIMITED);
  const eventId = newEventId();
  const created = new Date();
  const body = eventBody("webhook.test", eventId, created, {
    message: "A test event from TapCard: your endpoint receives and verifies webhooks.",
  });
  await db.transaction(async (tx) => {
    await tx
      .insert(webhookDeliveries)
      .values({ ...queuedAt(created), endpointId, eventId, type: "webhook.test", body });
    await dropOverflow(tx, endpointId);
    await tx
      .update(webhookEndpoints)
      .set({ backedOffUntil: null })
      .where(eq(webhookEndpoints.id, endpointId));
  });
  return eventId;
}
