// The link rules of the specification, without zod: the order form checks links in the browser with them
// (loading this module when the customer types a link), and the cart's schemas (cart.ts) check them again on the
// server. The platform lists and messages the form shows are in link-platforms.ts.
import { normalizeLinkUrl } from "~/utils/card-links";
import {
  type CardLink,
  EXTRA_LINK_PLATFORMS,
  LINK_KEY_MAX_LENGTH,
  LINK_MESSAGES,
  MAX_CARD_LINKS,
  MULTI_LINK_FIELDS,
  type MultiLinkDraft,
  PLATFORM_LABELS,
} from "./link-platforms";

export * from "./link-platforms";

/** Why a link is refused (the specification's messages), or null. */
export function linkProblem(platform: string, rawUrl: string): string | null {
  const url = rawUrl.trim();
  if (url === "") return LINK_MESSAGES.emptyUrl;
  if (url.length > 2000) return "URL is too long";
  // Non-ASCII grows up to nine times once percent-encoded, and the encoded form is what becomes the link.
  if (linkHref({ platform, url }).length > 2000) return "URL is too long";
  if (platform === "email") return /^[^\s@]+@[^\s@]+$/.test(url) ? null : LINK_MESSAGES.email;
  if (platform === "phone-call" || platform === "phone" || platform === "whatsapp")
    return /^[0-9+ ]+$/.test(url) && /\d/.test(url) ? null : LINK_MESSAGES.phone;
  if (!/^https?:\/\//i.test(url)) return LINK_MESSAGES.http;
  if (!URL.canParse(url) || !new URL(url).hostname.includes(".")) return "URL must be a valid web address";
  return null;
}

/** Platforms whose link is a web address as typed (the others are an e-mail address or a phone number). */
export function isWebPlatform(platform: string) {
  return !["email", "phone", "phone-call", "whatsapp"].includes(platform);
}

/**
 * Applies 'Add Link' (intent add-link) or a link's remove button (intent remove-link:{n}) to the posted
 * Multi Link form, without JavaScript: the rows before the last are the links added so far (checked again,
 * as anything posted may have been changed), the last row is the new link, checked by the same rules as in
 * the browser.
 */
export function editMultiLinkDraft(form: FormData, intent: string): MultiLinkDraft {
  const text = (key: string, max: number) => String(form.get(key) ?? "").slice(0, max);
  const fields: Record<string, string> = {};
  for (const f of MULTI_LINK_FIELDS) fields[f] = text(f, 2000);
  const rows: { platform: string; name: string; url: string }[] = [];
  for (const [key, value] of form.entries()) {
    const m = key.length <= LINK_KEY_MAX_LENGTH ? /^links\[(\d+)\]\.(platform|name|url)$/.exec(key) : null;
    if (!m || Number(m[1]) > MAX_CARD_LINKS) continue;
    const i = Number(m[1]);
    rows[i] ??= { platform: "", name: "", url: "" };
    rows[i]![m[2] as "platform" | "name" | "url"] = String(value).slice(0, 2000);
  }
  const dense = rows.filter(Boolean);
  const typed = dense.pop() ?? { platform: "", name: "", url: "" };
  const isPlatform = (p: string) => (EXTRA_LINK_PLATFORMS as readonly string[]).includes(p);
  let links: CardLink[] = dense
    .filter((r) => isPlatform(r.platform) && !linkProblem(r.platform, r.url))
    .filter((r) => r.platform !== "custom" || r.name.trim() !== "")
    .map((r) => ({
      platform: r.platform,
      label:
        r.platform === "custom" ? r.name.trim().slice(0, 60) : (PLATFORM_LABELS[r.platform] ?? r.platform),
      url: r.url.trim(),
    }));
  const newLink = {
    platform: isPlatform(typed.platform) ? typed.platform : "instagram",
    name: typed.name,
    url: typed.url,
  };
  const draft: MultiLinkDraft = {
    name: text("name", 100),
    bio: text("bio", 500),
    fields,
    links,
    newLink,
    error: null,
  };

  const removing = intent.length <= 20 ? /^remove-link:(\d+)$/.exec(intent) : null;
  if (removing) {
    links = links.filter((_, i) => i !== Number(removing[1]));
    return { ...draft, links };
  }
  const problem =
    linkProblem(newLink.platform, newLink.url) ??
    (newLink.platform === "custom" && !newLink.name.trim() ? LINK_MESSAGES.customName : null) ??
    (links.length + MULTI_LINK_FIELDS.filter((f) => fields[f]!.trim()).length >= MAX_CARD_LINKS
      ? "A card can hold at most 50 links"
      : null);
  if (problem) return { ...draft, error: problem };
  const label =
    newLink.platform === "custom"
      ? newLink.name.trim().slice(0, 60)
      : (PLATFORM_LABELS[newLink.platform] ?? newLink.platform);
  return {
    ...draft,
    links: [...links, { platform: newLink.platform, label, url: newLink.url.trim() }],
    newLink: { platform: newLink.platform, name: "", url: "" },
  };
}

/** The URL a link becomes on a card page or chip, in its stored form: e-mail and phone numbers get their schemes. */
export function linkHref(link: Pick<CardLink, "platform" | "url">) {
  const url = link.url.trim();
  if (link.platform === "email") return normalizeLinkUrl(`mailto:${url}`);
  if (link.platform === "phone" || link.platform === "phone-call")
    return normalizeLinkUrl(`tel:${url.replace(/\s+/g, "")}`);
  if (link.platform === "whatsapp") return `https://wa.me/${url.replace(/[^\d]/g, "")}`;
  return normalizeLinkUrl(url);
}
