// The card design's promises: whatever colour the owner picks, every text and control of every theme, variant
// and button style reaches WCAG 2.2 AA; the page moves the colour only when it must, and says so.
import { describe, expect, it } from "vitest";
import { contrast, nearestWithContrast, normaliseHex } from "./contrast";
import { brandAdjustments, contrastPairs, designCss, paletteOf } from "./design";
import { BUTTON_FILLS, type CardDesign, DEFAULT_DESIGN, FONTS } from "./options";
import { THEMES } from "./themes";

/** A small seeded generator, so a failing colour can be found again. */
function randomColours(count: number, seed = 20261128) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state;
  };
  return Array.from({ length: count }, () => `#${(next() % 0x1000000).toString(16).padStart(6, "0")}`);
}

describe("card design contrast", () => {
  it("keeps every text and control at AA for 1,000 random brand colours in every theme, variant and button style", () => {
    const failures: string[] = [];
    for (const brand of [...randomColours(1000), "#ffffff", "#000000", "#777777", "#ffff00"])
      for (const theme of THEMES)
        for (const variant of ["light", "dark"] as const) {
          const palette = paletteOf({ ...DEFAULT_DESIGN, theme: theme.id, brand }, variant);
          for (const buttonFill of BUTTON_FILLS)
            for (const pair of contrastPairs(palette, buttonFill))
              if (pair.ratio < pair.min)
                failures.push(
                  `${brand} ${theme.id} ${variant} ${buttonFill}: ${pair.what} ${pair.ratio.toFixed(2)}`,
                );
        }
    expect(failures).toEqual([]);
    // 12,000 palettes: a busy machine needs more than the default five seconds.
  }, 120_000);

  it("uses the owner's colour as it is when it already reads well, and the nearest that does otherwise", () => {
    expect(nearestWithContrast("#4338ca", "#ffffff")).toBe("#4338ca");
    const yellow = nearestWithContrast("#ffee00", "#ffffff");
    expect(contrast(yellow, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    // Nearest: just past the threshold, not black.
    expect(contrast(yellow, "#ffffff")).toBeLessThan(4.8);
    expect(yellow).not.toBe("#000000");
  });

  it("tells the form where the page uses another colour than the one chosen, per variant", () => {
    expect(brandAdjustments({ ...DEFAULT_DESIGN, brand: "#4338ca" })).toEqual([]);
    const yellow: CardDesign = { ...DEFAULT_DESIGN, brand: "#ffee00", variant: "auto" };
    const adjusted = brandAdjustments(yellow);
    expect(adjusted.map((a) => a.variant)).toContain("light");
    for (const a of adjusted) expect(a.used).toBe(paletteOf(yellow, a.variant).accent);
  });

  it("accepts only # and six hex digits as a colour", () => {
    expect(normaliseHex(" #A1B2C3 ")).toBe("#a1b2c3");
    for (const bad of ["red", "#abc", "#12345g", "#1234567", "url(x)"]) expect(normaliseHex(bad)).toBeNull();
  });
});

describe("card design CSS", () => {
  it("follows the visitor's colour scheme only when the owner left the variant on auto", () => {
    expect(designCss({ ...DEFAULT_DESIGN, variant: "auto" })).toContain("prefers-color-scheme:dark");
    expect(designCss({ ...DEFAULT_DESIGN, variant: "dark" })).not.toContain("prefers-color-scheme");
  });

  it("asks nothing of another site: system fonts, no url()", () => {
    for (const theme of THEMES)
      for (const font of Object.keys(FONTS) as (keyof typeof FONTS)[]) {
        const css = designCss({ ...DEFAULT_DESIGN, theme: theme.id, font, variant: "auto" });
        expect(css).not.toMatch(/url\(|@import|@font-face/);
        expect(css).toContain(FONTS[font].stack);
      }
  });

  it("draws outlined buttons in the accent and filled ones on it", () => {
    const palette = paletteOf(DEFAULT_DESIGN, "light");
    expect(designCss({ ...DEFAULT_DESIGN, buttonFill: "outlined" })).toContain(
      "background:transparent;color:var(--ac)",
    );
    expect(designCss(DEFAULT_DESIGN)).toContain(`--ac:${palette.accent}`);
  });
});
