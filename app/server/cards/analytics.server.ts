// Card page views and link clicks, counted without JavaScript or cookies. Hits are added up in memory and
// written about once a second as daily aggregate rows (count = count + n), so counting costs the visitor
// nothing and the database one upsert per card, day and source instead of one write per hit.

import { sql } from "drizzle-orm";
import { isbot } from "isbot";
import type { Logger } from "pino";
import { cardViewsDaily, linkClicksDaily } from "~/db/schema";
import type { VisitSource } from "~/utils/card-links";
import type { Database } from "../platform/db.server";

type HeaderBag = Record<string, string | string[] | undefined>;

/** A hit counts when a person asked for it: no crawler, no link preview, no speculative prefetch. */
export function isCountableHit(headers: HeaderBag) {
  // Most requests carry none of these headers: then no string is built.
  if (
    headers["sec-purpose"] !== undefined ||
    headers.purpose !== undefined ||
    headers["x-moz"] !== undefined
  ) {
    const purpose =
      `${one(headers, "sec-purpose") ?? ""} ${one(headers, "purpose") ?? ""} ${one(headers, "x-moz") ?? ""}`.toLowerCase();
    if (purpose.includes("prefetch") || purpose.includes("prerender")) return false;
  }
  return isPersonAgent(one(headers, "user-agent") ?? "");
}

function one(headers: HeaderBag, name: string) {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

// The bot pattern is a large regular expression and visitors repeat the same few user agents: remember answers.
// Browsers' agents are a few hundred characters; longer ones are judged each time rather than remembered, so
// the memory this takes stays small whatever the headers sent.
const agentVerdicts = new Map<string, boolean>();
const MAX_REMEMBERED_AGENTS = 5000;
const MAX_REMEMBERED_AGENT_LENGTH = 512;
function isPersonAgent(ua: string) {
  let verdict = agentVerdicts.get(ua);
  if (verdict === undefined) {
    verdict = ua !== "" && !isbot(ua);
    if (ua.length > MAX_REMEMBERED_AGENT_LENGTH) return verdict;
    if (agentVerdicts.size >= MAX_REMEMBERED_AGENTS) agentVerdicts.clear();
    agentVerdicts.set(ua, verdict);
  }
  return verdict;
}

// A count is kept under its UTC day's number (days since 1970), a cheap integer on the path of every view; the
// write turns it into the date it stores.
const MS_PER_DAY = 86_400_000;
const dayNumber = () => Math.floor(Date.now() / MS_PER_DAY);
const dateOfDay = (day: string) => new Date(Number(day) * MS_PER_DAY).toISOString().slice(0, 10);

const views = new Map<string, number>(); // cardId|day number|source
const clicks = new Map<string, number>(); // linkId|cardId|day number|source

export function recordView(cardPageId: string, source: VisitSource) {
  const key = `${cardPageId}|${dayNumber()}|${source}`;
  views.set(key, (views.get(key) ?? 0) + 1);
}

export function recordClick(linkId: string, cardPageId: string, source: VisitSource) {
  const key = `${linkId}|${cardPageId}|${dayNumber()}|${source}`;
  clicks.set(key, (clicks.get(key) ?? 0) + 1);
}

/** What is held in memory until the next write (for tests and monitoring). */
export function analyticsMemory() {
  let agentChars = 0;
  for (const ua of agentVerdicts.keys()) agentChars += ua.length;
  return { agents: agentVerdicts.size, agentChars, pendingViews: views.size, pendingClicks: clicks.size };
}

let flushing: Promise<void> | null = null;

/** Writes the pending counts. Safe to call at any time; concurrent calls share one flush. */
export function flushAnalytics(db: Database, logger?: Logger): Promise<void> {
  if (!flushing) {
    flushing = writePending(db, logger).finally(() => {
      flushing = null;
    });
  }
  return flushing;
}

async function writePending(db: Database, logger?: Logger) {
  const viewBatch = [...views];
  const clickBatch = [...clicks];
  views.clear();
  clicks.clear();
  // One statement per aggregate row: a row whose card was deleted meanwhile fails alone and is dropped.
  for (const [key, n] of viewBatch) {
    const [cardPageId, day, source] = key.split("|") as [string, string, VisitSource];
    await db
      .insert(cardViewsDaily)
      .values({ cardPageId, day: dateOfDay(day), source, count: n })
      .onConflictDoUpdate({
        target: [cardViewsDaily.cardPageId, cardViewsDaily.day, cardViewsDaily.source],
        set: { count: sql`${cardViewsDaily.count} + ${n}` },
      })
      .catch((error) => logger?.warn({ err: error, cardPageId }, "view count dropped"));
  }
  for (const [key, n] of clickBatch) {
    const [linkId, cardPageId, day, source] = key.split("|") as [string, string, string, VisitSource];
    await db
      .insert(linkClicksDaily)
      .values({ linkId, cardPageId, day: dateOfDay(day), source, count: n })
      .onConflictDoUpdate({
        target: [linkClicksDaily.linkId, linkClicksDaily.day, linkClicksDaily.source],
        set: { count: sql`${linkClicksDaily.count} + ${n}` },
      })
      .catch((error) => logger?.warn({ err: error, linkId }, "click count dropped"));
  }
}

/** Starts the periodic flush; the returned stop() writes what is left. */
export function startAnalyticsWriter(db: Database, logger: Logger, everyMs = 1000) {
  const timer = setInterval(() => {
    if (views.size || clicks.size) void flushAnalytics(db, logger);
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await flushAnalytics(db, logger);
    },
  };
}
