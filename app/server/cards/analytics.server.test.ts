// What visitors send (user agents, link ids in any spelling) cannot make the hit counters hold more memory
// than the cards and links that exist.
import { describe, expect, it, vi } from "vitest";
import { analyticsMemory, isCountableHit, recordView } from "./analytics.server";
import { linkRedirect } from "./page-responses.server";

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126 Safari/537.36";

describe("hit counting memory", () => {
  it("does not remember made-up user agents too long to be a browser's, and still judges them", () => {
    const before = analyticsMemory().agentChars;
    for (let i = 0; i < 300; i++) isCountableHit({ "user-agent": `${BROWSER} ${"x".repeat(10_000)}${i}` });
    expect(analyticsMemory().agentChars).toBe(before);
    expect(isCountableHit({ "user-agent": `${BROWSER} ${"x".repeat(10_000)}` })).toBe(true);
    expect(isCountableHit({ "user-agent": `Googlebot/2.1 ${"x".repeat(10_000)}` })).toBe(false);
    expect(isCountableHit({ "user-agent": BROWSER })).toBe(true);
    expect(analyticsMemory().agentChars).toBe(before + BROWSER.length);
  });

  it("counts a link's clicks under one key whatever the spelling of its id", () => {
    const linkId = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
    const target = { url: "https://example.com/", cardId: "11111111-2222-4333-8444-555555555555" };
    const before = analyticsMemory().pendingClicks;
    for (const spelling of [linkId, linkId.toUpperCase(), "0A1b2C3d-4E5f-4A6b-8C7d-9E0f1A2b3C4d"])
      linkRedirect(target, spelling, "link", { "user-agent": BROWSER }, "GET");
    expect(analyticsMemory().pendingClicks).toBe(before + 1);
  });

  it("judges each agent on its own however they alternate, and never counts a prefetch", () => {
    const bot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    const verdicts = [BROWSER, BROWSER, bot, bot, BROWSER, "", "", bot].map((ua) =>
      isCountableHit({ "user-agent": ua }),
    );
    expect(verdicts).toEqual([true, true, false, false, true, false, false, false]);
    expect(isCountableHit({ "user-agent": BROWSER, "sec-purpose": "prefetch" })).toBe(false);
    expect(isCountableHit({ "user-agent": BROWSER, purpose: "Prefetch" })).toBe(false);
    expect(isCountableHit({ "user-agent": BROWSER, "sec-purpose": "prefetch;prerender" })).toBe(false);
    expect(isCountableHit({ "user-agent": BROWSER })).toBe(true);
  });

  it("keeps each card's views under its own card and source, however the views alternate", () => {
    const a = "aaaaaaaa-2222-4333-8444-555555555555";
    const b = "bbbbbbbb-2222-4333-8444-555555555555";
    const before = analyticsMemory().pendingViews;
    for (const [card, source] of [
      [a, "nfc"],
      [a, "nfc"],
      [b, "nfc"],
      [a, "nfc"],
      [a, "qr"],
      [b, "link"],
    ] as const)
      recordView(card, source);
    expect(analyticsMemory().pendingViews).toBe(before + 4);
  });

  it("counts a view after midnight (UTC) under the new day, and one before it under the old, as the clock moves", () => {
    const card = "cccccccc-2222-4333-8444-555555555555";
    vi.useFakeTimers();
    try {
      const before = analyticsMemory().pendingViews;
      vi.setSystemTime(new Date("2026-11-27T23:59:59.900Z"));
      recordView(card, "qr");
      vi.setSystemTime(new Date("2026-11-28T00:00:00.000Z"));
      recordView(card, "qr");
      // A clock set back (a test's, or a corrected one) is followed too.
      vi.setSystemTime(new Date("2026-11-27T12:00:00.000Z"));
      recordView(card, "qr");
      expect(analyticsMemory().pendingViews).toBe(before + 2);
    } finally {
      vi.useRealTimers();
    }
  });
});
