// The card page's budgets in every design an owner can choose, on the heaviest page they can make (ten links, the
// longest name and bio, photo, cover and logo): HTML and CSS in one response of at most 14 KB gzip, no script,
// and a policy that allows none.
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { designName, everyDesign, heaviestCard } from "../../../tests/support/designed-cards";
import { renderCardPageHtml } from "./page-html.server";

const BUDGET_BYTES = 14 * 1024;

const rendered = everyDesign().map((design) => {
  const { html, csp } = renderCardPageHtml(heaviestCard(design), {
    publicUrl: "https://tapcard.example.com",
    siteName: "TapCard",
    source: "nfc",
  });
  return { design, html, csp, gzip: gzipSync(html, { level: 9 }).length };
});

describe("the heaviest card page in every design", () => {
  it(`is at most ${BUDGET_BYTES} bytes gzip, HTML and CSS together`, () => {
    const over = rendered
      .filter((r) => r.gzip > BUDGET_BYTES)
      .map((r) => `${designName(r.design)}: ${r.gzip}`);
    expect(over).toEqual([]);
    // The page really is the heaviest: ten links, the long texts and all three images are on it.
    const heaviest = rendered.reduce((a, b) => (b.gzip > a.gzip ? b : a));
    expect(heaviest.html.match(/<li>/g)).toHaveLength(10);
    expect(heaviest.html).toContain('class="cv"');
    expect(heaviest.html).toContain('class="lg"');
  });

  it("carries no script, and its policy allows none", () => {
    for (const { design, html, csp } of rendered) {
      expect(html, designName(design)).not.toMatch(/<script|\son[a-z]+=|javascript:/i);
      expect(csp, designName(design)).toMatch(/^default-src 'none'/);
      expect(csp, designName(design)).not.toContain("script-src");
    }
  });
});
