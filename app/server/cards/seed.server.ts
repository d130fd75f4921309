// Demo data for card pages: the sample card WC0341 (slug wc341, so reachable at /card/wc341 and /WC341) and a
// demo shop.
import { and, eq, sql } from "drizzle-orm";
import { cardPages, pageLinks, shops } from "~/db/schema";
import { normalizeLinkUrl } from "~/utils/card-links";
import { generateEditPassword } from "~/utils/edit-password";
import type { Tx } from "../platform/db.server";
import type { Config } from "../platform/env.server";
import { demoPortrait } from "../platform/images.server";
import { storeProfileImage } from "../platform/storage.server";
import { hashEditPassword } from "./edit-passwords.server";

const SAMPLE_CARD_NUMBER = "WC0341";
const SAMPLE_CARD_SLUG = "wc341";

export async function seedDemoCards(tx: Tx, config: Config) {
  const [shop] = await tx
    .insert(shops)
    .values({
      name: "Corner Gifts",
      location: "London",
      contactEmail: "hello@cornergifts.example",
      contactPhone: "+44 20 7946 0000",
    })
    .returning({ id: shops.id });
  const profileImageUrl = await storeProfileImage(config, await demoPortrait()).catch(() => null);
  const [card] = await tx
    .insert(cardPages)
    .values({
      // WC + 4 digits like every card, so the update form accepts it; below the server's range (1000-9999),
      // so it never collides with an allocated number. The slug keeps the card's historical name.
      cardNumber: SAMPLE_CARD_NUMBER,
      slug: SAMPLE_CARD_SLUG,
      name: "Alex Morgan",
      businessName: "Morgan & Co Coffee",
      bio: "Independent coffee roaster in East London. Tap through for our menu, reviews and socials.",
      contactEmail: "alex@morganco.example",
      contactPhone: "+44 7700 900341",
      profileImageUrl,
      passwordHash: await hashEditPassword(generateEditPassword()),
      shopId: shop!.id,
    })
    .onConflictDoNothing()
    .returning({ id: cardPages.id });
  if (!card) return;
  const links = [
    { title: "Website", url: "https://morganco.example", icon: "globe" },
    { title: "Instagram", url: "https://instagram.com/morganco.example", icon: "instagram" },
    { title: "Menu", url: "https://morganco.example/menu", icon: "menu" },
    { title: "Google Review", url: "https://g.page/morganco-example/review", icon: "star" },
    { title: "Email us", url: "mailto:alex@morganco.example", icon: "mail" },
  ];
  await tx
    .insert(pageLinks)
    .values(
      links.map((l, sortOrder) => ({ ...l, url: normalizeLinkUrl(l.url), sortOrder, cardPageId: card.id })),
    );
}

/**
 * Databases seeded before the sample card was renumbered hold it as WC341, which the update form refuses.
 * Renames it (only that card, found by its old number and slug); a second run finds nothing to change.
 */
export async function renumberSampleCard(tx: Tx) {
  await tx
    .update(cardPages)
    .set({ cardNumber: SAMPLE_CARD_NUMBER, version: sql`${cardPages.version} + 1`, updatedAt: new Date() })
    .where(and(eq(cardPages.cardNumber, "WC341"), eq(cardPages.slug, SAMPLE_CARD_SLUG)));
}
