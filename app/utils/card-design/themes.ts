// The card page's themes' colours (their names are in options.ts). Each is a deliberate design with a light and a dark variant, drawn from the owner's
// brand colour: `palette` gives every colour the page uses, and contrast.ts moves the brand colour where it
// must so that every text on it, and it on every surface, stays at WCAG AA. A new theme is one entry here.
import { converter, formatHex, modeOklch, parseHex, useMode as registerMode } from "culori/fn";
import { AA_TEXT, nearestWithContrast, textOn } from "./contrast";
import type { ThemeId } from "./options";

const oklch = registerMode(modeOklch);
const toOklch = converter("oklch");

export type Variant = "light" | "dark";

/** Every colour of a page in one variant. `pageTones` are the solid colours the page's background shows. */
export interface Palette {
  /** The page's background (a colour or a gradient). */
  page: string;
  pageTones: string[];
  /** Text set straight on the page (the footer). */
  onPage: string;
  /** The card the profile and links sit on. */
  surface: string;
  text: string;
  muted: string;
  /** Decorative edges of the card and the link rows. */
  border: string;
  /** The brand colour as the page uses it: buttons, icons, focus rings. */
  accent: string;
  /** Text on a filled button. */
  onAccent: string;
}

export interface Theme {
  id: ThemeId;
  /** The card's corner radius, in px. */
  radius: number;
  shadow: boolean;
  palette: (brand: string, variant: Variant) => Palette;
}

/** A tone of the brand's hue at a given OKLCH lightness and chroma, for tints and shades. */
function tone(brand: string, l: number, c: number, hueShift = 0) {
  const base = toOklch(parseHex(brand))!;
  return formatHex(oklch({ mode: "oklch", l, c, h: (base.h ?? 0) + hueShift }));
}

/** A palette of neutral colours around the brand: the accent is the brand moved to AA on the surface. */
function neutral(
  brand: string,
  colours: Omit<Palette, "accent" | "onAccent" | "pageTones" | "onPage"> & { onPage?: string },
): Palette {
  const accent = nearestWithContrast(brand, colours.surface, AA_TEXT);
  const pageTone = colours.page.startsWith("#") ? colours.page : colours.surface;
  return {
    ...colours,
    pageTones: [pageTone],
    onPage: colours.onPage ?? colours.text,
    accent,
    onAccent: textOn(accent),
  };
}

export const THEMES = [
  {
    id: "classic",
    radius: 20,
    shadow: true,
    palette: (brand, variant) =>
      variant === "light"
        ? neutral(brand, {
            page: tone(brand, 0.96, 0.02),
            surface: "#ffffff",
            text: "#0f172a",
            muted: "#475569",
            border: "#cbd5e1",
          })
        : neutral(brand, {
            page: tone(brand, 0.16, 0.03),
            surface: "#1e293b",
            text: "#f8fafc",
            muted: "#cbd5e1",
            border: "#475569",
          }),
  },
  {
    id: "midnight",
    radius: 20,
    shadow: false,
    palette: (brand, variant) =>
      variant === "dark"
        ? neutral(brand, {
            page: "#020617",
            surface: "#0f172a",
            text: "#f1f5f9",
            muted: "#94a3b8",
            border: "#334155",
          })
        : neutral(brand, {
            page: "#1e293b",
            surface: "#f8fafc",
            text: "#0f172a",
            muted: "#475569",
            border: "#cbd5e1",
            onPage: "#f1f5f9",
          }),
  },
  {
    id: "paper",
    radius: 6,
    shadow: false,
    palette: (brand, variant) =>
      variant === "light"
        ? neutral(brand, {
            page: "#f5f1e8",
            surface: "#fffdf8",
            text: "#1c1917",
            muted: "#57534e",
            border: "#d6d3d1",
          })
        : neutral(brand, {
            page: "#1c1917",
            surface: "#292524",
            text: "#fafaf9",
            muted: "#d6d3d1",
            border: "#57534e",
          }),
  },
  {
    id: "bold",
    radius: 24,
    shadow: true,
    palette: (brand, variant) => {
      const page = variant === "light" ? brand : tone(brand, 0.3, 0.09);
      const surface = variant === "light" ? "#ffffff" : "#0b0f19";
      return {
        ...neutral(brand, {
          page,
          surface,
          text: variant === "light" ? "#0f172a" : "#f8fafc",
          muted: variant === "light" ? "#475569" : "#cbd5e1",
          border: variant === "light" ? "#e2e8f0" : "#334155",
        }),
        pageTones: [page],
        onPage: textOn(page),
      };
    },
  },
  {
    id: "mono",
    radius: 0,
    shadow: false,
    palette: (brand, variant) =>
      variant === "light"
        ? neutral(brand, {
            page: "#ffffff",
            surface: "#ffffff",
            text: "#000000",
            muted: "#404040",
            border: "#000000",
          })
        : neutral(brand, {
            page: "#000000",
            surface: "#000000",
            text: "#ffffff",
            muted: "#c0c0c0",
            border: "#ffffff",
          }),
  },
  {
    id: "soft",
    radius: 28,
    shadow: true,
    palette: (brand, variant) => {
      const [from, to] =
        variant === "light"
          ? [tone(brand, 0.95, 0.04), tone(brand, 0.9, 0.06, 40)]
          : [tone(brand, 0.24, 0.06), tone(brand, 0.18, 0.05, 40)];
      return {
        ...neutral(brand, {
          page: `linear-gradient(160deg,${from},${to})`,
          surface: variant === "light" ? "#ffffff" : "#111827",
          text: variant === "light" ? "#111827" : "#f9fafb",
          muted: variant === "light" ? "#4b5563" : "#d1d5db",
          border: variant === "light" ? "#e5e7eb" : "#374151",
        }),
        pageTones: [from, to],
      };
    },
  },
] as const satisfies readonly Theme[];

export function themeById(id: string): Theme {
  return THEMES.find((t) => t.id === id) ?? THEMES[0];
}
