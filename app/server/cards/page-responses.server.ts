// Answering from the card page cache: raw Node (the fast path in server/app.ts, before any framework) and a
// Fetch Response (the React Router fallback), plus the counted redirect behind each link.
import type { IncomingMessage, ServerResponse } from "node:http";
import { parseSource, type VisitSource } from "~/utils/card-links";
import { UUID_PATTERN } from "~/utils/ids";
import { chooseEncoding, sendPrecompressed } from "../platform/compressed-page.server";
import { loggedPath } from "../platform/request-log.server";
import { SITE_HEADER_NAMES } from "../platform/site-headers.server";
import { isCountableHit, recordClick, recordView } from "./analytics.server";
import type { CardEntry } from "./card-entries.server";
import { cardPageCache } from "./page-cache.server";

function pairs(flat: string[]) {
  const out: [string, string][] = [];
  for (let i = 0; i < flat.length; i += 2) out.push([flat[i]!, flat[i + 1]!]);
  return out;
}

/** Counts the view (when it is a person's) and writes the page. No cookie is ever set. */
function sendCardEntry(req: IncomingMessage, res: ServerResponse, entry: CardEntry, source: VisitSource) {
  if (entry.cardId && req.method === "GET" && isCountableHit(req.headers)) recordView(entry.cardId, source);
  sendPrecompressed(req, res, entry, entry.status);
}

/** The same answer as a Fetch Response, for the route that renders a page the cache did not hold yet. */
export function cardEntryResponse(request: Request, entry: CardEntry, source: VisitSource) {
  const headers = Object.fromEntries(request.headers);
  if (entry.cardId && request.method === "GET" && isCountableHit(headers)) recordView(entry.cardId, source);
  const form = chooseEncoding(headers["accept-encoding"], entry.forms);
  // Express has already added the headers every answer carries (the entry's names are in lower case).
  const own = (list: string[]) => pairs(list).filter(([name]) => !SITE_HEADER_NAMES.has(name));
  if (entry.status === 200 && headers["if-none-match"] === entry.etags[form]) {
    return new Response(null, { status: 304, headers: own(entry.notModified[form]!) });
  }
  return new Response(request.method === "HEAD" ? null : new Uint8Array(entry[form]!), {
    status: entry.status,
    headers: own(entry.headers[form]!),
  });
}

/** The redirect behind each web link on a card page: counts the click, then sends the visitor on. */
export function linkRedirect(
  target: { url: string; cardId: string },
  linkId: string,
  source: VisitSource,
  headers: Record<string, string | string[] | undefined>,
  method: string,
) {
  if (method === "GET" || method === "POST") {
    // One spelling per link, so that the counts kept until the next write are bounded by the links that exist.
    if (isCountableHit(headers) || headers["ping-to"])
      recordClick(linkId.toLowerCase(), target.cardId, source);
  }
  return {
    status: method === "POST" ? 204 : 302,
    headers: { Location: target.url, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
  };
}

const PRINTED_QUERY = /^s=([a-z]{1,8})$/;
const CARD_PATH = /^\/(?:card\/)?([A-Za-z0-9-]{1,64})\/?(?:\?(.*))?$/;
const GO_PATH = new RegExp(`^/go/(${UUID_PATTERN})(?:\\?(.*))?$`);
/** A physical card's own chip address (physical-cards.server.ts); what follows a '?' is ignored. */
const CHIP_PATH = /^\/c\/([0-9A-Za-z]{11})(?:\?.*)?$/;

function sourceFromQuery(query: string | undefined) {
  if (!query) return "link" as const;
  // The address printed on a card (?s=nfc, ?s=qr) is read as it is; anything else is parsed in full.
  if (query === "s=nfc") return "nfc" as const;
  const printed = PRINTED_QUERY.exec(query);
  return parseSource(printed ? printed[1]! : new URLSearchParams(query).get("s"));
}

type ErrorLog = { error(details: object, message: string): void };
const consoleLog: ErrorLog = { error: (details, message) => console.error(message, details) };

/**
 * Answers a card page or a link redirect straight from memory, before Express and React Router are entered.
 * Returns false when the request is not one it can answer from the cache; the app then handles it (and the
 * React Router fallback fills the cache for the next request). It never throws: it runs outside any framework,
 * where an exception would end the process, so a failure is logged and answered 500.
 */
export function tryFastCardResponse(req: IncomingMessage, res: ServerResponse, log: ErrorLog = consoleLog) {
  try {
    return answerFromCache(req, res);
  } catch (error) {
    log.error({ err: error, url: loggedPath(req.url) }, "card page fast path failed");
    answerServerError(res);
    return true;
  }
}

/** A plain 500, or a cut connection when the response had already begun. Never throws. */
function answerServerError(res: ServerResponse) {
  try {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
    res.end("Internal Server Error");
  } catch {
    res.destroy();
  }
}

function answerFromCache(req: IncomingMessage, res: ServerResponse) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const url = req.url ?? "";
  const card = CARD_PATH.exec(url);
  if (card) {
    const source = sourceFromQuery(card[2]);
    const entry = cardPageCache.peek(card[1]!.toLowerCase(), source);
    if (!entry) return false;
    sendCardEntry(req, res, entry, source);
    return true;
  }
  const chip = CHIP_PATH.exec(url);
  if (chip) {
    const target = cardPageCache.peekChip(chip[1]!);
    if (!target) return false;
    const entry = target.off ? cardPageCache.peekInactive("off") : cardPageCache.peek(target.slug, "chip");
    if (!entry) return false;
    // A tap on a card: always an NFC view of its page.
    sendCardEntry(req, res, entry, "nfc");
    return true;
  }
  const go = GO_PATH.exec(url);
  if (go && req.method === "GET") {
    const target = cardPageCache.peekLinkTarget(go[1]!);
    if (!target) return false;
    if (target.paused) {
      const paused = cardPageCache.peekInactive("paused");
      if (!paused) return false;
      sendCardEntry(req, res, paused, "link");
      return true;
    }
    const answer = linkRedirect(target, go[1]!, sourceFromQuery(go[2]), req.headers, "GET");
    res.writeHead(answer.status, answer.headers);
    res.end();
    return true;
  }
  return false;
}
