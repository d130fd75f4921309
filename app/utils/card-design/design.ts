// A card's design drawn: `designCss` turns one into the page's colour and shape rules, and `contrastPairs` lists
// every text and control against what it sits on, for the form's notice and the tests.
import { AA_LARGE, AA_TEXT, contrast } from "./contrast";
import { type CardDesign, FONTS } from "./options";
import { type Palette, themeById, type Variant } from "./themes";

/** The variants a page shows: both for 'auto', else the one fixed. */
function variantsOf(design: CardDesign): Variant[] {
  return design.variant === "auto" ? ["light", "dark"] : [design.variant];
}

export function paletteOf(design: CardDesign, variant: Variant): Palette {
  return themeById(design.theme).palette(design.brand, variant);
}

export interface ContrastPair {
  what: string;
  foreground: string;
  background: string;
  ratio: number;
  min: number;
}

/** Every text and control of the page against what it sits on, with the ratio WCAG 2.2 AA asks of it. */
export function contrastPairs(palette: Palette, buttonFill: CardDesign["buttonFill"]): ContrastPair[] {
  const pair = (what: string, foreground: string, background: string, min: number) => ({
    what,
    foreground,
    background,
    ratio: contrast(foreground, background),
    min,
  });
  const filled =
    buttonFill === "filled"
      ? [
          pair("filled button text", palette.onAccent, palette.accent, AA_TEXT),
          pair("filled button edge", palette.accent, palette.surface, AA_LARGE),
        ]
      : [];
  return [
    pair("text and link titles", palette.text, palette.surface, AA_TEXT),
    pair("secondary text", palette.muted, palette.surface, AA_TEXT),
    // Outlined buttons, the 'Share your details' button, link icons and the focus ring are all in the accent.
    pair("outlined button text, icons and focus ring", palette.accent, palette.surface, AA_TEXT),
    ...palette.pageTones.map((tone) => pair("footer text", palette.onPage, tone, AA_TEXT)),
    ...filled,
  ];
}

/** Where the page uses another colour than the owner chose, per variant: what the form shows beside the choice. */
export function brandAdjustments(design: CardDesign) {
  return variantsOf(design)
    .map((variant) => ({ variant, chosen: design.brand, used: paletteOf(design, variant).accent }))
    .filter((a) => a.used !== a.chosen);
}

function variables(p: Palette) {
  return `--pg:${p.page};--on-pg:${p.onPage};--sf:${p.surface};--tx:${p.text};--mu:${p.muted};--bd:${p.border};--ac:${p.accent};--on-ac:${p.onAccent}`;
}

/**
 * The design's own rules, set after the page's fixed stylesheet: colours as custom properties (both variants
 * behind prefers-color-scheme for 'auto'), the card's shape, the buttons' fill and corners, and the font.
 */
export function designCss(design: CardDesign) {
  const theme = themeById(design.theme);
  const [first, second] = variantsOf(design).map((v) => variables(paletteOf(design, v)));
  const colours = second
    ? `:root{${first}}@media (prefers-color-scheme:dark){:root{${second}}}`
    : `:root{${first}}`;
  const radius = design.buttonShape === "rounded" ? "999px" : "0";
  const rowRadius = design.buttonShape === "rounded" ? "14px" : "0";
  const button =
    design.buttonFill === "filled"
      ? `.sv{background:var(--ac);color:var(--on-ac);border:2px solid var(--ac)}`
      : `.sv{background:transparent;color:var(--ac);border:2px solid var(--ac)}`;
  return [
    colours,
    `body{font-family:${FONTS[design.font].stack}}`,
    `main{border-radius:${theme.radius}px${theme.shadow ? "" : ";box-shadow:none"}}`,
    `.sv{border-radius:${radius}}li a{border-radius:${rowRadius}}`,
    button,
  ].join("");
}
