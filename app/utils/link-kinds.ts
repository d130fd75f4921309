// What kind of link a card link is (social network, payment, other) and the icon it gets, told from the
// URL's host alone. Browser-safe and pure: My Links files links under its tabs with it.
import type { LinkIcon } from "./card-links";

const LINK_KINDS = ["social", "payment", "other"] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

/** A host matches a domain when it is that domain or one of its subdomains (m.facebook.com, open.spotify.com). */
const SOCIAL_DOMAINS = [
  "instagram.com",
  "instagr.am",
  "facebook.com",
  "fb.com",
  "fb.me",
  "twitter.com",
  "x.com",
  "linkedin.com",
  "lnkd.in",
  "youtube.com",
  "youtu.be",
  "tiktok.com",
  "snapchat.com",
  "pinterest.com",
  "pinterest.co.uk",
  "pin.it",
  "threads.net",
  "threads.com",
  "twitch.tv",
  "discord.com",
  "discord.gg",
  "reddit.com",
  "redd.it",
  "t.me",
  "telegram.me",
  "telegram.org",
  "whatsapp.com",
  "wa.me",
  "spotify.com",
  "music.apple.com",
  "soundcloud.com",
  "bsky.app",
  "mastodon.social",
  "tumblr.com",
  "vimeo.com",
  "github.com",
  "behance.net",
  "dribbble.com",
];

const PAYMENT_DOMAINS = [
  "paypal.me",
  "paypal.com",
  "revolut.me",
  "monzo.me",
  // Stripe Payment Links and hosted donation pages (stripe.com itself is the company's site).
  "buy.stripe.com",
  "donate.stripe.com",
  "cash.app",
  "cash.me",
  "ko-fi.com",
  "buymeacoffee.com",
  "venmo.com",
  "patreon.com",
];

const ICON_DOMAINS: [LinkIcon, string[]][] = [
  ["instagram", ["instagram.com", "instagr.am"]],
  ["facebook", ["facebook.com", "fb.com", "fb.me"]],
  ["twitter", ["twitter.com", "x.com"]],
  ["linkedin", ["linkedin.com", "lnkd.in"]],
  ["youtube", ["youtube.com", "youtu.be"]],
  ["github", ["github.com"]],
];

/** The URL's host in lower case without 'www.' and a trailing dot, or null for mailto:, tel: and non-URLs. */
export function linkHost(url: string): string | null {
  // Hosts are short; a long string is not worth parsing to find one.
  if (url.length > 2000 || !/^https?:\/\//i.test(url.trim()) || !URL.canParse(url.trim())) return null;
  const host = new URL(url.trim()).hostname
    .toLowerCase()
    .replace(/\.$/, "")
    .replace(/^www\./, "");
  return host || null;
}

const onDomain = (host: string, domains: string[]) =>
  domains.some((d) => host === d || host.endsWith(`.${d}`));

/** Social when the host is a social network's, payment when a payment link's, else other. */
export function linkKind(url: string): LinkKind {
  const host = linkHost(url);
  if (!host) return "other";
  if (onDomain(host, SOCIAL_DOMAINS)) return "social";
  if (onDomain(host, PAYMENT_DOMAINS)) return "payment";
  return "other";
}

/** The card icon a link gets from its address: the network's own, mail, phone, else the globe. */
export function iconForUrl(url: string): LinkIcon {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url.trim())?.[1]?.toLowerCase();
  if (scheme === "mailto") return "mail";
  if (scheme === "tel") return "phone";
  const host = linkHost(url);
  if (!host) return "globe";
  return ICON_DOMAINS.find(([, domains]) => onDomain(host, domains))?.[0] ?? "globe";
}
