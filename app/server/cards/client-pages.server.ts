// The admin's 'Create client' dialog and the pages a paid order makes: a card page built from a client's details and
// links, under a free slug derived from the name, with a fresh edit password.
import { randomBytes } from "node:crypto";
import { classifyOrderLinks, linkUrlProblem, socialProfileUrl, telUrl, websiteUrl } from "~/utils/card-links";
import { generateEditPassword } from "~/utils/edit-password";
import { isReservedSlug, slugFromName } from "~/utils/slug";
import type { DbOrTx } from "../platform/db.server";
import { type CardLinkInput, CardPageError, createCardPage, pageIdWithSlug } from "./cards.server";

/** ownerUserId makes the page that account's card, in the same transaction that creates it. */
export async function createClientPage(
  db: DbOrTx,
  input: {
    ownerUserId?: string | null;
    name: string;
    businessName?: string;
    bio?: string;
    contactEmail?: string;
    contactPhone?: string;
    instagram?: string;
    facebook?: string;
    website?: string;
    orderLinks?: string;
    /** Links that already have their titles (a bought card's, as its buyer named them), before orderLinks. */
    titledLinks?: CardLinkInput[];
  },
  opts: { announce?: boolean } = {},
) {
  const links: CardLinkInput[] = [];
  if (input.website) links.push({ title: "Website", url: websiteUrl(input.website), icon: "globe" });
  if (input.instagram)
    links.push({
      title: "Instagram",
      url: socialProfileUrl("instagram", input.instagram),
      icon: "instagram",
    });
  if (input.facebook)
    links.push({ title: "Facebook", url: socialProfileUrl("facebook", input.facebook), icon: "facebook" });
  if (input.contactPhone) {
    links.push({ title: "Call Us", url: telUrl(input.contactPhone), icon: "phone" });
    links.push({ title: "Mobile", url: telUrl(input.contactPhone), icon: "phone" });
  }
  links.push(...(input.titledLinks ?? []));
  links.push(...classifyOrderLinks((input.orderLinks ?? "").split(/\s*[\n,]\s*/)));
  for (const link of links) {
    const problem = linkUrlProblem(link.url);
    if (problem) throw new CardPageError(`${link.title}: ${problem}`, "orderLinks");
  }
  const named = slugFromName(input.businessName || input.name).slice(0, 56) || `card-${Date.now()}`;
  const base = isReservedSlug(named) ? `${named}-card` : named;
  const password = generateEditPassword();
  // Pages of one name paid at the same moment (several app processes, one payment each) all find the same next
  // number free; each loser of that race tries a random suffix instead, which no other writer will pick.
  for (let attempt = 1; ; attempt++) {
    const slug = attempt === 1 ? await nextFreeSlug(db, base) : `${base}-${randomBytes(3).toString("hex")}`;
    try {
      const created = await createCardPage(
        db,
        {
          name: input.name,
          businessName: input.businessName,
          slug,
          bio: input.bio,
          contactEmail: input.contactEmail,
          contactPhone: input.contactPhone,
          links,
          password,
          ownerUserId: input.ownerUserId,
        },
        opts,
      );
      return { ...created, password };
    } catch (error) {
      if (!(error instanceof CardPageError && error.field === "slug") || attempt >= MAX_SLUG_ATTEMPTS)
        throw error;
    }
  }
}

const MAX_SLUG_ATTEMPTS = 8;

/** The name's slug, or the name with the first number after it that no page has. */
async function nextFreeSlug(db: DbOrTx, base: string) {
  let slug = base;
  for (let n = 2; await pageIdWithSlug(db, slug); n++) slug = `${base}-${n}`;
  return slug;
}
