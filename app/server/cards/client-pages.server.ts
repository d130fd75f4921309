// The admin's 'Create client' dialog and the pages a paid order makes: a card page built from a client's details and
// links, under a free slug derived from the name, with a fresh edit password.
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
  const base = slugFromName(input.businessName || input.name).slice(0, 56) || `card-${Date.now()}`;
  let slug = isReservedSlug(base) ? `${base}-card` : base;
  for (let n = 2; ; n++) {
    if (!(await pageIdWithSlug(db, slug))) break;
    slug = `${base}-${n}`;
  }
  const password = generateEditPassword();
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
}
