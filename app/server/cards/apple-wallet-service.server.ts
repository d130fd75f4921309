// Apple's pass web service (Wallet Web Service reference, under {PUBLIC_URL}/api/passes/v1/): devices register
// for a card's pass and unregister, ask which of their passes changed, fetch the latest pass, and send their logs.
// A card's change time is its page's updated_at (docs/decisions/045). Every id is capped before it is read.
import { and, count, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { appleWalletRegistrations, cardPages } from "~/db/schema";
import { isUuid } from "~/utils/ids";
import type { AppleWalletConfig } from "../platform/apple-wallet-config.server";
import type { DbOrTx } from "../platform/db.server";
import type { Config } from "../platform/env.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { addressKey } from "../platform/rate-limit-address.server";
import { buildApplePass, isPassAuthorized, PKPASS_TYPE, passCard } from "./apple-wallet.server";
import { CARD_LIMITS } from "./limits.server";

/** A pass on more devices than this is refused more (one person's phones and watches are a handful). */
export const MAX_DEVICES_PER_PASS = 50;
/** The longest push token APNs gives (hexadecimal), and what a device's log keeps of it. */
export const MAX_PUSH_TOKEN = 200;
export const DEVICE_LOG = { lines: 20, lineLength: 500 } as const;
const MAX_BODY = 4096;
const MAX_LOG_BODY = 16_384;

type WalletConfig = Config & { appleWallet: AppleWalletConfig };
type Params = { deviceLibraryId?: string; passTypeId?: string; serial?: string };

const text = (status: number, message: string) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

const validDevice = (id: string | undefined) =>
  typeof id === "string" && id.length <= 128 && /^[A-Za-z0-9._-]+$/.test(id);

/** The checks every pass endpoint makes: the feature on, this pass type, a card id, and the pass's token. */
function refusal(config: Config, params: Params, request: Request, needsToken: boolean): Response | null {
  const apple = config.appleWallet;
  if (!apple || params.passTypeId !== apple.passTypeId) return text(404, "Unknown pass type");
  if (params.deviceLibraryId !== undefined && !validDevice(params.deviceLibraryId))
    return text(400, "Invalid device library identifier");
  if (params.serial !== undefined && (params.serial.length > 36 || !isUuid(params.serial)))
    return text(404, "Unknown serial number");
  if (
    needsToken &&
    !isPassAuthorized(config.authSecret, params.serial!, request.headers.get("authorization"))
  )
    return text(401, "Unauthorized");
  return null;
}

async function readJson(request: Request, max: number): Promise<unknown> {
  const body = await request.text();
  if (body.length > max) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** POST registers a device for a pass's pushes (201 new, 200 known); DELETE unregisters it (200). */
export async function handlePassRegistration(db: DbOrTx, config: Config, request: Request, params: Params) {
  const refused = refusal(config, params, request, true);
  if (refused) return refused;
  const deviceLibraryId = params.deviceLibraryId!;
  const serial = params.serial!;
  const mine = and(
    eq(appleWalletRegistrations.deviceLibraryId, deviceLibraryId),
    eq(appleWalletRegistrations.cardPageId, serial),
  );
  switch (request.method) {
    case "DELETE":
      await db.delete(appleWalletRegistrations).where(mine);
      return text(200, "Unregistered");
    case "POST": {
      const body = (await readJson(request, MAX_BODY)) as { pushToken?: unknown } | undefined;
      const pushToken = body?.pushToken;
      if (
        typeof pushToken !== "string" ||
        pushToken.length > MAX_PUSH_TOKEN ||
        !/^[0-9A-Fa-f]{16,}$/.test(pushToken)
      )
        return text(400, "A pushToken (hexadecimal) is required");
      const card = await passCard(db, serial);
      if (!card) return text(404, "Unknown serial number");
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(appleWalletRegistrations)
          .set({ pushToken })
          .where(mine)
          .returning({ id: appleWalletRegistrations.id });
        if (updated.length) return text(200, "Already registered");
        const [held] = await tx
          .select({ n: count() })
          .from(appleWalletRegistrations)
          .where(eq(appleWalletRegistrations.cardPageId, serial));
        if (held!.n >= MAX_DEVICES_PER_PASS) return text(429, "This pass is on too many devices");
        const inserted = await tx
          .insert(appleWalletRegistrations)
          .values({ deviceLibraryId, pushToken, cardPageId: serial, pushedVersion: card.version })
          .onConflictDoNothing()
          .returning({ id: appleWalletRegistrations.id });
        return text(inserted.length ? 201 : 200, inserted.length ? "Registered" : "Already registered");
      });
    }
    default:
      return text(405, "Method not allowed");
  }
}

/** Milliseconds since the epoch, whole, as the tag devices send back. */
const changedMs = sql<string>`floor(extract(epoch from coalesce(${cardPages.updatedAt}, ${appleWalletRegistrations.voidPushedAt}, now())) * 1000)::bigint::text`;

/** The serial numbers of a device's passes changed since the tag it sends (all without one); 204 for none. */
export async function changedSerials(db: DbOrTx, config: Config, request: Request, params: Params) {
  const refused = refusal(config, params, request, false);
  if (refused) return refused;
  const since = (new URL(request.url).searchParams.get("passesUpdatedSince") ?? "").slice(0, 20);
  if (since && !/^\d{1,16}$/.test(since))
    return text(400, "passesUpdatedSince must be a tag this service gave");
  const rows = await db
    .select({ serial: appleWalletRegistrations.cardPageId, changed: changedMs })
    .from(appleWalletRegistrations)
    .leftJoin(cardPages, eq(cardPages.id, appleWalletRegistrations.cardPageId))
    .where(eq(appleWalletRegistrations.deviceLibraryId, params.deviceLibraryId!))
    .limit(500);
  const changed = rows.filter((r) => !since || BigInt(r.changed) > BigInt(since));
  if (!changed.length) return new Response(null, { status: 204 });
  const lastUpdated = changed.reduce((max, r) => (BigInt(r.changed) > BigInt(max) ? r.changed : max), "0");
  return Response.json({ lastUpdated, serialNumbers: changed.map((r) => r.serial) });
}

/** The latest pass (voided for a card deleted since), or 304 when it has not changed since If-Modified-Since. */
export async function latestPass(db: DbOrTx, config: Config, request: Request, params: Params) {
  const refused = refusal(config, params, request, true);
  if (refused) return refused;
  const card = await passCard(db, params.serial!);
  const modified = card?.updatedAt ?? new Date();
  const since = Date.parse((request.headers.get("if-modified-since") ?? "").slice(0, 64));
  // HTTP dates have whole seconds.
  if (card && !Number.isNaN(since) && Math.floor(modified.getTime() / 1000) <= Math.floor(since / 1000))
    return new Response(null, { status: 304 });
  return passResponse(config as WalletConfig, params.serial!, card, modified);
}

/** A pass as a file to download or to hand to Wallet. */
export async function passResponse(
  config: WalletConfig,
  serial: string,
  card: Awaited<ReturnType<typeof passCard>>,
  modified = card?.updatedAt ?? new Date(),
) {
  const pass = await buildApplePass(config, serial, card);
  return new Response(new Uint8Array(pass), {
    headers: {
      "Content-Type": PKPASS_TYPE,
      "Content-Disposition": `attachment; filename="${card ? card.slug.replace(/[^a-z0-9-]/g, "") : "card"}.pkpass"`,
      "Last-Modified": modified.toUTCString(),
      "Cache-Control": "private, no-store",
    },
  });
}

/** What a device logs about its passes: a bounded number of short lines, anything like a token blanked. */
export async function logDeviceMessages(
  db: DbOrTx,
  config: Config,
  request: Request,
  client: { ip: string; logger: Logger },
) {
  if (!config.appleWallet) return text(404, "Not found");
  const key = `walletDeviceLog:${addressKey(client.ip)}`;
  if (!(await hitRateLimit(db, key, CARD_LIMITS.walletDeviceLog)).allowed)
    return text(429, "Too many device logs from this address");
  const body = (await readJson(request, MAX_LOG_BODY)) as { logs?: unknown } | undefined;
  if (!body || !Array.isArray(body.logs))
    return text(400, "A JSON body with logs (a list of strings) is required");
  const messages = body.logs
    .slice(0, DEVICE_LOG.lines)
    .filter((m): m is string => typeof m === "string")
    .map((m) =>
      m
        .slice(0, DEVICE_LOG.lineLength)
        .replace(/ApplePass\s+\S+/gi, "ApplePass [redacted]")
        .replace(/[A-Za-z0-9_-]{32,}/g, "[redacted]"),
    );
  client.logger.warn({ messages }, "Apple Wallet device log");
  return text(200, "Logged");
}
