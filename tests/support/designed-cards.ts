// The heaviest card page an owner can make, and every design it can be drawn in: what the card page's budgets
// (14 KB gzip, no script) and its contrast and accessibility checks run over.
import type { PublicCardPage } from "~/server/cards/card-reads.server";
import {
  BUTTON_FILLS,
  BUTTON_SHAPES,
  type CardDesign,
  FONT_IDS,
  THEME_IDS,
  VARIANTS,
} from "~/utils/card-design/options";

const longest = (text: string, length: number) =>
  text.repeat(Math.ceil(length / text.length)).slice(0, length);

/** Ten links, the longest name, business name and bio the card form allows, a photo, a cover and a logo. */
export function heaviestCard(design: CardDesign): NonNullable<PublicCardPage> {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    cardNumber: "WC1001",
    slug: "alexandra-montgomery-smith-partners",
    name: longest("Alexandra Montgomery-Smith ", 100),
    businessName: longest("Montgomery Café & Partners Ltd ", 100),
    bio: longest(
      "Helping small shops sell online since 2009.\nAsk me about websites, bookings & payments. ",
      500,
    ),
    contactEmail: "alexandra@example.com",
    contactPhone: "+44 20 7946 0000",
    profileImageUrl: "/uploads/profiles/0123456789abcdef0123456789abcdef.webp",
    coverImageUrl: "/uploads/covers/0123456789abcdef0123456789abcdefw880.webp",
    logoImageUrl: "/uploads/logos/0123456789abcdef0123456789abcdefw96.webp",
    contactExchange: true,
    design,
    version: 7,
    pausedAt: null,
    jobTitle: null,
    departedNotice: null,
    olderCardsOffAt: null,
    links: Array.from({ length: 10 }, (_, i) => ({
      id: `00000000-0000-4000-8000-0000000001${String(i).padStart(2, "0")}`,
      title: longest(`Link number ${i + 1}: our booking page and price list `, 100),
      url: `https://www.example.com/a/rather/long/path/${i}`,
      icon: ["globe", "instagram", "linkedin", "phone", "mail"][i % 5]!,
    })),
  };
}

/** Every design by theme, variant, button fill, corners and font, in one brand colour. */
export function everyDesign(brand = "#0e7490"): CardDesign[] {
  return THEME_IDS.flatMap((theme) =>
    VARIANTS.flatMap((variant) =>
      BUTTON_FILLS.flatMap((buttonFill) =>
        BUTTON_SHAPES.flatMap((buttonShape) =>
          FONT_IDS.map((font) => ({ theme, variant, brand, buttonFill, buttonShape, font })),
        ),
      ),
    ),
  );
}

/**
 * Every design whose colours differ, as a visitor's browser shows it: each theme and button fill in the light and
 * the dark variant (what 'auto' shows in each colour scheme).
 */
export function everyColouring(brand = "#0e7490"): CardDesign[] {
  return THEME_IDS.flatMap((theme) =>
    (["light", "dark"] as const).flatMap((variant) =>
      BUTTON_FILLS.map((buttonFill) => ({
        theme,
        variant,
        brand,
        buttonFill,
        buttonShape: "rounded" as const,
        font: "system" as const,
      })),
    ),
  );
}

export const designName = (d: CardDesign) =>
  `${d.theme} ${d.variant} ${d.buttonFill} ${d.buttonShape} ${d.font}`;
