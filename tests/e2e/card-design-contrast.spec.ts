// The card page in every colouring an owner can choose (each theme and button fill, light and dark), as Chromium
// draws it: every text against the colour it really sits on, read from the computed styles (through the page's
// gradient's every stop), reaches WCAG 2.2 AA (4.5:1, 3:1 for large text), the icons and the buttons' edges
// 3:1; and axe finds nothing. The colours are the browser's, not the design's own sums (design.test.ts).
import { expect, test } from "@playwright/test";
import { renderCardPageHtml } from "../../app/server/cards/page-html.server";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { designName, everyColouring, heaviestCard } from "../support/designed-cards";

interface Shortfall {
  what: string;
  ratio: number;
  min: number;
}

/** Runs in the page: every text, icon and filled button measured against what is behind it. */
function shortfalls(): Shortfall[] {
  const channels = (colour: string) => {
    const m = colour.match(/rgba?\(([^)]+)\)/);
    if (!m) throw new Error(`Unread colour: ${colour}`);
    const [r, g, b, a = 1] = m[1]!.split(/[ ,/]+/).map(Number);
    return { r: r!, g: g!, b: b!, a };
  };
  const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
    const lin = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const ratio = (x: string, y: string) => {
    const [a, b] = [luminance(channels(x)), luminance(channels(y))].sort((p, q) => q - p);
    return (a! + 0.05) / (b! + 0.05);
  };
  /** Every solid colour that can be behind an element: its own or its nearest painted ancestor's, each gradient stop. */
  const behind = (el: Element | null): string[] => {
    for (let node = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      const stops = style.backgroundImage.match(/rgba?\([^)]+\)/g);
      if (stops) return stops;
      if (channels(style.backgroundColor).a > 0) return [style.backgroundColor];
    }
    return ["rgb(255, 255, 255)"];
  };
  const found: Shortfall[] = [];
  const check = (what: string, foreground: string, backgrounds: string[], min: number) => {
    for (const background of backgrounds) {
      const r = ratio(foreground, background);
      if (r < min - 0.005) found.push({ what: `${what}: ${foreground} on ${background}`, ratio: r, min });
    }
  };
  for (const el of document.body.querySelectorAll("*")) {
    const style = getComputedStyle(el);
    const hasText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
    if (hasText) {
      const size = Number.parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      check(`text of <${el.localName}>`, style.color, behind(el), large ? 3 : 4.5);
    }
    if (el.localName === "svg") check("icon", style.color, behind(el.parentElement), 3);
  }
  // A button is seen by its edge (a filled button's border is its fill colour).
  for (const button of document.querySelectorAll(".sv"))
    check("button's edge", getComputedStyle(button).borderTopColor, behind(button.parentElement), 3);
  return found;
}

for (const design of everyColouring()) {
  test(`card page contrast and axe: ${designName(design)}`, async ({ page }) => {
    const { html } = renderCardPageHtml(heaviestCard(design), {
      publicUrl: "https://tapcard.example.com",
      siteName: "TapCard",
      source: "link",
    });
    await page.setContent(html);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(shortfalls)).toEqual([]);
    await expectNoSeriousA11yViolations(page);
  });
}
