// Keeps the card page caches of several app processes in step (PostgreSQL only): each edit is announced on a
// channel with LISTEN/NOTIFY, and every process drops the announced slugs from its cache (docs/card-pages.md).
import type { Logger } from "pino";
import type { PostgresHandle } from "../platform/db.server";
import type { Backoff, ChannelListener } from "../platform/pg-listener.server";
import { onCardPagesChanged } from "./changes.server";
import { type CardPageCache, cardPageCache } from "./page-cache.server";

const CARD_PAGES_CHANNEL = "card_pages_changed";

/** PostgreSQL refuses payloads of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7900;

/** The slugs as JSON arrays, as few as fit under the payload limit (an edit names one or two). */
export function slugPayloads(slugs: string[]) {
  const payloads: string[] = [];
  let batch: string[] = [];
  let size = 2; // the brackets
  for (const slug of new Set(slugs)) {
    const cost = Buffer.byteLength(JSON.stringify(slug)) + 1; // the quoted slug and a comma
    if (batch.length && size + cost > MAX_PAYLOAD_BYTES) {
      payloads.push(JSON.stringify(batch));
      batch = [];
      size = 2;
    }
    batch.push(slug);
    size += cost;
  }
  if (batch.length) payloads.push(JSON.stringify(batch));
  return payloads;
}

function parseSlugs(payload: string) {
  try {
    const value: unknown = JSON.parse(payload);
    if (Array.isArray(value) && value.every((s) => typeof s === "string")) return value as string[];
  } catch {}
  return null;
}

/** Announces every change made in this process. Returns the function that stops announcing. */
export function announceCardPageChanges(database: PostgresHandle, logger?: Logger) {
  return onCardPagesChanged((slugs) => {
    for (const payload of slugPayloads(slugs)) {
      database.notify(CARD_PAGES_CHANNEL, payload).catch((error: unknown) => {
        // The edit has committed; the other processes' entries for it run out after CARD_CACHE_SHARED_TTL_MS.
        logger?.warn({ err: error, slugs }, "could not announce a card page change to the other processes");
      });
    }
  });
}

/** Drops the announced slugs from `cache`, and everything when announcements may have been missed. */
export function followCardPageChanges(
  database: PostgresHandle,
  cache: CardPageCache,
  logger?: Logger,
  backoff?: Backoff,
): Promise<ChannelListener> {
  return database.listen(
    CARD_PAGES_CHANNEL,
    {
      onNotification(payload) {
        const slugs = parseSlugs(payload);
        if (!slugs) return cache.clear(); // not ours to read: be safe
        for (const slug of slugs) cache.invalidate(slug);
      },
      onReconnect() {
        // Edits made while the connection was down were announced to nobody here.
        cache.clear();
        logger?.info("card page change listener reconnected; page cache cleared");
      },
      onConnectionError(error) {
        logger?.warn({ err: error }, "card page change listener lost its connection; reconnecting");
      },
    },
    backoff,
  );
}

/** Both halves for one app process: announce its edits, follow everyone's. */
export async function startCardPageSync(database: PostgresHandle, logger?: Logger, cache = cardPageCache) {
  const listener = await followCardPageChanges(database, cache, logger);
  const stopAnnouncing = announceCardPageChanges(database, logger);
  return {
    async stop() {
      stopAnnouncing();
      await listener.stop();
    },
  };
}
