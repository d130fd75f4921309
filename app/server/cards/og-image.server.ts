// The picture a messaging app shows when a card's address is shared (its Open Graph image): 1200 x 630, in the
// card's design, with the owner's name, business and photo or initial. Drawn once per version of the card and
// kept in memory; a shared link names the version, so the picture behind it never changes.
import { designFromStored } from "~/schemas/card-design";
import { paletteOf } from "~/utils/card-design/design";
import { FONTS } from "~/utils/card-design/options";
import { escapeHtml } from "~/utils/html";
import type { Config } from "../platform/env.server";
import { drawPng } from "../platform/images.server";
import { Lru } from "../platform/lru.server";
import { readProfileJpeg } from "../platform/storage.server";
import type { PublicCardPage } from "./card-reads.server";

export const OG_IMAGE = { width: 1200, height: 630 } as const;

type Page = Pick<
  NonNullable<PublicCardPage>,
  "id" | "slug" | "version" | "name" | "businessName" | "profileImageUrl" | "design"
>;

/** The image's address as the page's tags give it: absolute, and naming the version it shows. */
export function ogImageUrl(publicUrl: string, page: Pick<Page, "slug" | "version">) {
  return `${publicUrl}/card/${page.slug}/og.png?v=${page.version}`;
}

/** At most this many pictures are kept (some 40 KB each); a request for a version in flight waits for it. */
const drawn = new Lru<string, Promise<Buffer>>(200);

/** A line cut to `max` characters (whole characters, never half an emoji), with an ellipsis when cut. */
function clip(text: string, max: number) {
  const chars = [...text.trim()];
  return chars.length <= max ? chars.join("") : `${chars.slice(0, max - 1).join("")}…`;
}

/** The text's column is 640 px wide: a longer line is set smaller (a bold glyph is at most ~0.66 em wide). */
function textSize(text: string, largest: number) {
  return Math.min(largest, Math.floor(640 / ([...text].length * 0.66)));
}

const PHOTO = { left: 120, top: 175, size: 280 } as const;

function cardSvg(page: Page, photo: boolean) {
  const design = designFromStored(page.design);
  const p = paletteOf(design, design.variant === "dark" ? "dark" : "light");
  const font = escapeHtml(FONTS[design.font].stack);
  const name = clip(page.name, 30);
  const nameSize = textSize(name, 68);
  const r = PHOTO.size / 2;
  const cx = PHOTO.left + r;
  const cy = PHOTO.top + r;
  const business = clip(page.businessName ?? "", 40);
  const initial = escapeHtml(page.name.trim().charAt(0).toUpperCase() || "?");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_IMAGE.width}" height="${OG_IMAGE.height}" font-family="${font}">
<rect width="100%" height="100%" fill="${p.accent}"/>
<rect x="60" y="60" width="1080" height="510" rx="32" fill="${p.surface}"/>
${photo ? `<circle cx="${cx}" cy="${cy}" r="${r + 6}" fill="${p.accent}"/>` : `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${p.accent}"/><text x="${cx}" y="${cy + 40}" text-anchor="middle" font-size="120" font-weight="700" fill="${p.onAccent}">${initial}</text>`}
<text x="460" y="${page.businessName ? 300 : 335}" font-size="${nameSize}" font-weight="700" fill="${p.text}">${escapeHtml(name)}</text>
${page.businessName ? `<text x="460" y="370" font-size="${textSize(business, 40)}" fill="${p.muted}">${escapeHtml(business)}</text>` : ""}
<rect x="460" y="440" width="120" height="8" rx="4" fill="${p.accent}"/>
</svg>`;
}

async function draw(config: Config, page: Page) {
  const photo = page.profileImageUrl ? await readProfileJpeg(config, page.profileImageUrl) : null;
  return drawPng(cardSvg(page, photo !== null), photo ? [{ image: photo, ...PHOTO, round: true }] : []);
}

/** The card's picture at its current version. */
export function cardOgImage(config: Config, page: Page): Promise<Buffer> {
  const key = `${page.id}:${page.version}`;
  let image = drawn.get(key);
  if (!image) {
    image = draw(config, page);
    drawn.set(key, image);
    // A failed drawing (the image slots all busy) is not kept: the next request tries again.
    image.catch(() => drawn.delete(key));
  }
  return image;
}

let neutral: Promise<Buffer> | undefined;

/** What a paused card's shared link shows: the shop's plain colours and nothing of the owner. */
export function neutralOgImage(): Promise<Buffer> {
  neutral ??= drawPng(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_IMAGE.width}" height="${OG_IMAGE.height}"><rect width="100%" height="100%" fill="#e2e8f0"/><rect x="60" y="60" width="1080" height="510" rx="32" fill="#ffffff"/></svg>`,
  );
  neutral.catch(() => {
    neutral = undefined;
  });
  return neutral;
}
