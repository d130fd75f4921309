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
let lastAgent = { ua: "", verdict: false };
function isPersonAgent(ua: string) {
  // A burst of hits mostly repeats one agent: comparing it is cheaper than hashing it for the map.
  if (ua === lastAgent.ua && ua !== "") return lastAgent.verdict;
  let verdict = agentVerdicts.get(ua);
  if (verdict === undefined) {
    verdict = ua !== "" && !isbot(ua);
    if (ua.length > MAX_REMEMBERED_AGENT_LENGTH) return verdict;
    if (agentVerdicts.size >= MAX_REMEMBERED_AGENTS) agentVerdicts.clear();
    agentVerdicts.set(ua, verdict);
  }
  if (ua.length <= MAX_REMEMBERED_AGENT_LENGTH) lastAgent = { ua, verdict };
  return verdict;
}

let currentDay = "";
let dayValidUntil = 0;
function today() {
  const now = Date.now();
  if (now >= dayValidUntil) {
    currentDay = new Date(now).toISOString().slice(0, 10);
    dayValidUntil = now + 1000;
  }
  return currentDay;
}

type Count = { n: number };
const views = new Map<string, Count>(); // cardId|day|source
const clicks = new Map<string, number>(); // linkId|cardId|day|source

// The last view's count, added to again while the same card is viewed from the same source on the same day: a
// burst of taps on one card then builds no string and looks nothing up. A write takes the counts and forgets it.
const NO_VIEW = { cardPageId: "", day: "", source: "", count: { n: 0 } };
let lastView = NO_VIEW;
export function recordView(cardPageId: string, source: VisitSource) {
  const day = today();
  if (lastView.cardPageId !== cardPageId || lastView.day !== day || lastView.source !== source) {
    const key = `${cardPageId}|${day}|${source}`;
    const count = views.get(key) ?? { n: 0 };
    views.set(key, count);
    lastView = { cardPageId, day, source, count };
  }
  lastView.count.n++;
}

export function recordClick(linkId: string, cardPageId: string, source: VisitSource) {
  const key = `${linkId}|${cardPageId}|${today()}|${source}`;
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
  lastView = NO_VIEW;
  // One statement per aggregate row: a row whose card was deleted meanwhile fails alone and is dropped.
  for (const [key, { n }] of viewBatch) {
    const [cardPageId, day, source] = key.split("|") as [string, string, VisitSource];
    await db
      .insert(cardViewsDaily)
      .values({ cardPageId, day, source, count: n })
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
      .values({ linkId, cardPageId, day, source, count: n })
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
