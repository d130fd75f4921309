// WCAG 2.2 contrast for a card's design: the owner picks any brand colour, and the page uses the nearest colour
// (same hue, lightness moved as little as it must) that keeps every text at AA on the surface it sits on.
import {
  clampChroma,
  converter,
  formatHex,
  modeLrgb,
  modeOklch,
  modeRgb,
  parseHex,
  useMode as registerMode,
  wcagContrast,
} from "culori/fn";

registerMode(modeRgb);
registerMode(modeLrgb);
const oklch = registerMode(modeOklch);
const toOklch = converter("oklch");

/** AA for normal text; large text, icons and control boundaries need 3:1. */
export const AA_TEXT = 4.5;
export const AA_LARGE = 3;

const WHITE = "#ffffff";
const BLACK = "#000000";

const HEX = /^#[0-9a-f]{6}$/;

/** A colour as the form and the database keep it: # and six lower-case hex digits, or null. */
export function normaliseHex(value: string) {
  const hex = value.trim().toLowerCase();
  return HEX.test(hex) ? hex : null;
}

export function contrast(a: string, b: string) {
  return wcagContrast(a, b);
}

/** White or black, whichever reads better on this background (one of them always reaches 4.5:1). */
export function textOn(background: string) {
  return contrast(WHITE, background) >= contrast(BLACK, background) ? WHITE : BLACK;
}

/** Lightness steps tried when moving a colour: fine enough that the change is the smallest the eye would see. */
const STEP = 0.005;

/**
 * The colour nearest to `colour` that reaches `min` contrast against `background`: the same hue, with its
 * lightness moved away from the background's (chroma reduced only where sRGB cannot show it). The colour itself
 * when it already does. Black or white are the end of the road, and one of them always reaches 4.5:1.
 */
export function nearestWithContrast(colour: string, background: string, min = AA_TEXT) {
  const start = normaliseHex(colour);
  if (!start) throw new Error(`Not a colour: ${colour}`);
  if (contrast(start, background) >= min) return start;
  const base = toOklch(parseHex(start))!;
  const darker = textOn(background) === BLACK;
  for (let l = base.l; darker ? l > 0 : l < 1; l += darker ? -STEP : STEP) {
    const hex = formatHex(clampChroma(oklch({ ...base, mode: "oklch", l }), "oklch"));
    if (contrast(hex, background) >= min) return hex;
  }
  return darker ? BLACK : WHITE;
}
