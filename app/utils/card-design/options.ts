// A card's design ("look"): theme, variant, brand colour, button style and font, as the owner chooses them and
// as a company will later set and lock them. Names and choices only, so forms can use them without the colour
// maths (design.ts, themes.ts).

/** The themes by id, in the order the form offers them; their colours are in themes.ts. */
export const THEME_OPTIONS = [
  { id: "classic", name: "Classic", description: "A white card on a pale page in a tint of your colour." },
  { id: "midnight", name: "Midnight", description: "Deep navy with your colour glowing on it." },
  { id: "paper", name: "Paper", description: "Warm off-white, quiet edges, no shadow: like a printed card." },
  { id: "bold", name: "Bold", description: "Your colour fills the page." },
  { id: "mono", name: "Mono", description: "Black and white, square and plain; your colour on the buttons." },
  {
    id: "soft",
    name: "Soft gradient",
    description: "A gentle gradient of your colour behind a rounded card.",
  },
] as const;
export type ThemeId = (typeof THEME_OPTIONS)[number]["id"];
export const THEME_IDS = THEME_OPTIONS.map((t) => t.id) as [ThemeId, ...ThemeId[]];

/** System font stacks only: no web font is downloaded and no other site is asked for one. */
export const FONTS = {
  system: { name: "System", stack: 'system-ui,-apple-system,"Segoe UI",Roboto,sans-serif' },
  humanist: {
    name: "Humanist",
    stack: 'Seravek,"Gill Sans Nova",Ubuntu,Calibri,"DejaVu Sans",source-sans-pro,sans-serif',
  },
  rounded: {
    name: "Rounded",
    stack:
      'ui-rounded,"Hiragino Maru Gothic ProN",Quicksand,Comfortaa,Manjari,"Arial Rounded MT",Calibri,sans-serif',
  },
  serif: {
    name: "Serif",
    stack: 'Charter,"Bitstream Charter","Sitka Text",Cambria,Georgia,serif',
  },
  mono: {
    name: "Monospace",
    stack: 'ui-monospace,"Cascadia Code","Source Code Pro",Menlo,Consolas,"DejaVu Sans Mono",monospace',
  },
} as const;
export type FontId = keyof typeof FONTS;
export const FONT_IDS = Object.keys(FONTS) as [FontId, ...FontId[]];

export const VARIANTS = ["auto", "light", "dark"] as const;
export const BUTTON_FILLS = ["filled", "outlined"] as const;
export const BUTTON_SHAPES = ["rounded", "square"] as const;

export interface CardDesign {
  theme: ThemeId;
  /** 'auto' follows the visitor's prefers-color-scheme. */
  variant: (typeof VARIANTS)[number];
  /** # and six lower-case hex digits, as chosen (the page may use a nearer accessible one). */
  brand: string;
  buttonFill: (typeof BUTTON_FILLS)[number];
  buttonShape: (typeof BUTTON_SHAPES)[number];
  font: FontId;
}

export const DEFAULT_DESIGN: CardDesign = {
  theme: "classic",
  variant: "light",
  brand: "#4338ca",
  buttonFill: "filled",
  buttonShape: "rounded",
  font: "system",
};
