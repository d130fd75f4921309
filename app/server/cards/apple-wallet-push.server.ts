// Tells devices that a card's Wallet pass changed: an empty push per device over HTTP/2 to APNs, topic = the pass
// type id, the pass certificate as the TLS client certificate (Wallet then fetches the pass). A polled worker
// compares each registration's last pushed version with the card's, so a change made in any process, or while
// this one was down, is pushed once; a deleted card's devices are pushed once that its pass is void.
import http2 from "node:http2";
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { appleWalletRegistrations, cardPages } from "~/db/schema";
import type { AppleWalletConfig } from "../platform/apple-wallet-config.server";
import type { DbOrTx } from "../platform/db.server";
import { startPolledWorker } from "../platform/polled-worker.server";
import { onCardPagesChanged } from "./changes.server";

const BATCH = 100;
const PUSH_TIMEOUT_MS = 10_000;

export interface PushOptions {
  /** Trusted roots for the APNs host: only a local stand-in needs them (tests); Apple's host uses the system's. */
  ca?: string;
}

/** One push: APNs' status, or 0 when it could not be reached. The token is never logged. */
function push(session: http2.ClientHttp2Session, apple: AppleWalletConfig, pushToken: string) {
  return new Promise<number>((resolve) => {
    const request = session.request({
      ":method": "POST",
      ":path": `/3/device/${pushToken}`,
      "apns-topic": apple.passTypeId,
      "apns-push-type": "background",
      "apns-priority": "5",
      "content-type": "application/json",
    });
    let status = 0;
    request.setTimeout(PUSH_TIMEOUT_MS, () => request.close(http2.constants.NGHTTP2_CANCEL));
    request.on("response", (headers) => {
      status = Number(headers[":status"]);
    });
    request.on("error", () => resolve(0));
    request.on("close", () => resolve(status));
    request.resume();
    request.end("{}");
  });
}

/**
 * One round: the registrations behind their card (or whose card is gone), each pushed once per token. Pushed,
 * or refused as a token APNs no longer knows (410, 400), they are done; unreachable, they wait for the next round.
 */
export async function pushPassUpdates(
  db: DbOrTx,
  apple: AppleWalletConfig,
  logger: Logger,
  opts: PushOptions = {},
): Promise<boolean> {
  const due = await db
    .select({
      id: appleWalletRegistrations.id,
      pushToken: appleWalletRegistrations.pushToken,
      version: cardPages.version,
    })
    .from(appleWalletRegistrations)
    .leftJoin(cardPages, eq(cardPages.id, appleWalletRegistrations.cardPageId))
    .where(
      or(
        gt(cardPages.version, appleWalletRegistrations.pushedVersion),
        and(isNull(cardPages.id), isNull(appleWalletRegistrations.voidPushedAt)),
      ),
    )
    .limit(BATCH);
  if (!due.length) return false;
  const session = http2.connect(apple.apnsHost, {
    cert: apple.signerCert,
    key: apple.signerKey,
    passphrase: apple.signerKeyPassphrase,
    ca: opts.ca,
  });
  session.on("error", (error) => logger.warn({ err: error.message }, "APNs connection failed"));
  const outcomes = new Map<string, Promise<number>>();
  let done = 0;
  try {
    for (const row of due)
      if (!outcomes.has(row.pushToken)) outcomes.set(row.pushToken, push(session, apple, row.pushToken));
    for (const row of due) {
      const status = await outcomes.get(row.pushToken)!;
      if (status === 200 || status === 400 || status === 410) done++;
      if (status === 410 || status === 400) {
        await db.delete(appleWalletRegistrations).where(eq(appleWalletRegistrations.id, row.id));
      } else if (status === 200) {
        await db
          .update(appleWalletRegistrations)
          .set(
            row.version === null
              ? { voidPushedAt: sql`now()` }
              : { pushedVersion: sql`greatest(${appleWalletRegistrations.pushedVersion}, ${row.version})` },
          )
          .where(eq(appleWalletRegistrations.id, row.id));
      } else {
        logger.warn({ status }, "APNs did not take a pass update push; it is tried again");
      }
    }
  } finally {
    session.close();
  }
  // Another round at once only after a full batch that moved on: an APNs outage waits for the timer.
  return due.length === BATCH && done > 0;
}

/** The worker: a round on a timer and whenever a card page changes in this process. */
export function startApplePassPushes(opts: {
  db: DbOrTx;
  apple: AppleWalletConfig;
  logger: Logger;
  intervalMs?: number;
  push?: PushOptions;
}) {
  const worker = startPolledWorker({
    round: () => pushPassUpdates(opts.db, opts.apple, opts.logger, opts.push),
    logger: opts.logger,
    name: "Apple Wallet pushes",
    intervalMs: opts.intervalMs ?? 15_000,
  });
  const unsubscribe = onCardPagesChanged(() => worker.poke());
  return {
    poke: worker.poke,
    async stop() {
      unsubscribe();
      await worker.stop();
    },
  };
}
