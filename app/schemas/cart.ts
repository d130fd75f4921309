// What goes into the cart: the schemas of a card order and its links, checked by the cart action (the link rules
// they apply are in link-rules.ts).
import { z } from "~/schemas/zod";
import { normalizeLinkUrl } from "~/utils/card-links";
import { oneLine } from "./fields";
import {
  type CardLink,
  isWebPlatform,
  LINK_KEY_MAX_LENGTH,
  LINK_MESSAGES,
  linkProblem,
  MAX_CARD_LINKS,
  MULTI_LINK_FIELDS,
  ONE_LINK_PLATFORMS,
  PLATFORM_LABELS,
} from "./link-rules";

const LinkSchema = z
  .object({
    platform: z.string().trim().min(1).max(40).pipe(oneLine("Platform")),
    label: z.string().trim().max(60).pipe(oneLine("Link name")).optional(),
    url: z.string().trim().max(2000),
  })
  .transform((l, ctx): CardLink => {
    const problem = linkProblem(l.platform, l.url);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
    return {
      platform: l.platform,
      label: l.label || PLATFORM_LABELS[l.platform] || l.platform,
      // Web addresses are kept in the form they will have on the card; e-mail and phone as typed.
      url: isWebPlatform(l.platform) ? normalizeLinkUrl(l.url) : l.url,
    };
  });

export const OneLinkItemSchema = z.object({
  kind: z.literal("one-link"),
  links: z
    .array(LinkSchema.refine((l) => (ONE_LINK_PLATFORMS as readonly string[]).includes(l.platform)))
    .min(1, LINK_MESSAGES.noLinks)
    .max(1, LINK_MESSAGES.oneLinkOnly),
});

export const MultiLinkItemSchema = z.object({
  kind: z.literal("multi-link"),
  name: z.string().trim().max(100).pipe(oneLine("Name")).default(""),
  bio: z.string().trim().max(500).default(""),
  links: z
    .array(LinkSchema)
    .min(1, LINK_MESSAGES.noLinks)
    .max(MAX_CARD_LINKS, "A card can hold at most 50 links"),
});

export const CardItemSchema = z.discriminatedUnion("kind", [OneLinkItemSchema, MultiLinkItemSchema]);
export type CardItemInput = z.infer<typeof CardItemSchema>;

/**
 * Reads the order form as posted (works without JavaScript): the One Link platform + URL, or the Multi Link
 * profile fields plus additional links (extra[n].platform / .name / .url), all collected together.
 */
export function cardItemFromForm(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const kind = text("type") === "multi-link" ? "multi-link" : "one-link";
  const links: { platform: string; label?: string; url: string }[] = [];
  for (const [key, value] of form.entries()) {
    const m = key.length <= LINK_KEY_MAX_LENGTH ? /^links\[(\d+)\]\.(platform|name|url)$/.exec(key) : null;
    if (!m) continue;
    const i = Number(m[1]);
    if (i > 60) continue;
    links[i] ??= { platform: "", url: "" };
    const field = m[2] === "name" ? "label" : (m[2] as "platform" | "url");
    links[i]![field] = String(value);
  }
  // A row whose URL was left blank is the unused 'add a link' row, not a link.
  const collected = links
    .filter((l) => l && l.url.trim() !== "")
    .map((l) => ({ ...l, label: l.label || undefined }));
  if (kind === "multi-link") {
    const fromFields = MULTI_LINK_FIELDS.filter((f) => text(f) !== "").map((f) => ({
      platform: f,
      url: text(f),
    }));
    return CardItemSchema.safeParse({
      kind,
      name: text("name"),
      bio: text("bio"),
      links: [...fromFields, ...collected],
    });
  }
  // Without JavaScript the One Link form posts its platform and URL directly.
  if (collected.length === 0 && text("url") !== "")
    collected.push({ platform: text("platform") || "website", url: text("url"), label: undefined });
  return CardItemSchema.safeParse({ kind, links: collected });
}
