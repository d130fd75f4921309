// The card design form (My Cards, and the admin's card form) and the design as stored: one schema for both, so
// the page reads back only what a form could have saved. A stored design from an older shape falls back, field
// by field, to the default.

import { z } from "~/schemas/zod";
import {
  BUTTON_FILLS,
  BUTTON_SHAPES,
  type CardDesign,
  DEFAULT_DESIGN,
  FONT_IDS,
  THEME_IDS,
  VARIANTS,
} from "~/utils/card-design/options";

export const DESIGN_MESSAGES = {
  colour: "Enter a colour as # and six hex digits, for example #4338ca",
  choose: "Choose one of the options",
} as const;

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { message: DESIGN_MESSAGES.choose });

export const CardDesignSchema = z.object({
  theme: choice(THEME_IDS),
  variant: choice(VARIANTS),
  // Capped before the pattern runs.
  brand: z
    .string({ message: DESIGN_MESSAGES.colour })
    .max(16, DESIGN_MESSAGES.colour)
    .pipe(
      z
        .string()
        .trim()
        .regex(/^#[0-9a-fA-F]{6}$/, DESIGN_MESSAGES.colour)
        .transform((hex) => hex.toLowerCase()),
    ),
  buttonFill: choice(BUTTON_FILLS),
  buttonShape: choice(BUTTON_SHAPES),
  font: choice(FONT_IDS),
}) satisfies z.ZodType<CardDesign, unknown>;

/** The design a page shows: what was saved, each field checked, the default for anything missing or unknown. */
export function designFromStored(stored: unknown): CardDesign {
  if (!stored || typeof stored !== "object") return DEFAULT_DESIGN;
  const fields = CardDesignSchema.shape;
  const design = { ...DEFAULT_DESIGN } as Record<keyof CardDesign, string>;
  for (const key of Object.keys(fields) as (keyof CardDesign)[]) {
    const parsed = fields[key].safeParse((stored as Record<string, unknown>)[key]);
    if (parsed.success) design[key] = parsed.data;
  }
  return design as CardDesign;
}

/**
 * The brand colour the owner meant: the hex field, unless only the colour picker changed (without JavaScript the
 * two are not kept in step, and the hex field still holds the saved colour).
 */
export function chosenBrand(form: { get(name: string): FormDataEntryValue | null }) {
  const brand = form.get("brand");
  const picker = form.get("brandPicker");
  const saved = form.get("brandSaved");
  if (typeof picker === "string" && brand === saved && picker !== saved) return picker;
  return typeof brand === "string" ? brand : "";
}

/** A design from a form or an address (the preview): what is valid of it, the default for the rest. */
export function designDraft(values: URLSearchParams | FormData): CardDesign {
  return designFromStored({ ...Object.fromEntries(values), brand: chosenBrand(values) });
}
