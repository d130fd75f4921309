// Demo data for card pages: the sample card WC341 (reachable at /card/wc341 and /WC341) and a demo shop.
import { cardPages, pageLinks, shops } from "~/db/schema";
import { generateEditPassword, hashEditPassword } from "./cards.server";
import type { Tx } from "./db.server";
import type { Config } from "./env.server";
import { demoPortrait } from "./images.server";
import { storeProfileImage } from "./storage.server";

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
      // The sample card predates the four-digit numbers; it keeps the number printed on it.
      cardNumber: "WC341",
      slug: "wc341",
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
  await tx.insert(pageLinks).values(links.map((l, sortOrder) => ({ ...l, sortOrder, cardPageId: card.id })));
}
