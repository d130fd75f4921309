// The link platforms, limits and messages of the specification that the order form shows: no code, so the page
// does not load the link rules (link-rules.ts) before the customer types a link.
export const ONE_LINK_PLATFORMS = [
  "instagram",
  "facebook",
  "twitter",
  "tiktok",
  "website",
  "whatsapp",
  "phone-call",
  "email",
] as const;

export const EXTRA_LINK_PLATFORMS = [
  "instagram",
  "facebook",
  "twitter",
  "tiktok",
  "website",
  "whatsapp",
  "phone",
  "email",
  "custom",
] as const;

/** The profile fields of the Multi Link form that are links themselves, in the order they are shown. */
export const MULTI_LINK_FIELDS = [
  "instagram",
  "tiktok",
  "twitter",
  "facebook",
  "website",
  "whatsapp",
  "phone",
  "email",
] as const;

export const PLATFORM_LABELS: Record<string, string> = {
  instagram: "Instagram",
  facebook: "Facebook",
  twitter: "Twitter",
  tiktok: "TikTok",
  website: "Website",
  whatsapp: "WhatsApp",
  "phone-call": "Phone Call",
  phone: "Phone",
  email: "Email",
  custom: "Custom",
};

/** The most links one card holds. */
export const MAX_CARD_LINKS = 50;
/** The longest field name of a link row ('links[50].platform'); longer names are not read. */
export const LINK_KEY_MAX_LENGTH = 20;

export const LINK_MESSAGES = {
  emptyUrl: "Please enter a valid URL before adding a link.",
  oneLinkOnly: "One Link Cards can only have one link. Please remove the existing link first.",
  email: "Email must contain an @ symbol.",
  phone: "Phone numbers should only contain numbers and optionally a + character.",
  http: "URL must start with http:// or https://",
  noLinksTitle: "No links added",
  noLinks: "Please add at least one link before adding the card to your cart.",
  cartNoValidLink: "Card must have at least one valid link",
  customName: "Please enter a name for the custom platform.",
} as const;

export interface CardLink {
  platform: string;
  /** Shown name: the platform's label, or the customer's own name for a custom platform. */
  label: string;
  url: string;
}

/** The Multi Link form as typed so far, re-rendered by the server when 'Add Link' is used without JavaScript. */
export interface MultiLinkDraft {
  name: string;
  bio: string;
  /** The profile link fields (instagram, website ...) as typed. */
  fields: Record<string, string>;
  /** The additional links added so far. */
  links: CardLink[];
  /** The 'new link' row: cleared once its link is added, kept as typed when it is refused. */
  newLink: { platform: string; name: string; url: string };
  error: string | null;
}
