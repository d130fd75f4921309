// Per-page title, description, Open Graph tags and canonical URL, built from the site details in the root data.
import type { MetaDescriptor } from "react-router";

interface SiteInfo {
  name: string;
  publicUrl: string;
}

type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

function siteFrom(matches: Matches): SiteInfo {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { site?: SiteInfo } | undefined;
  return root?.site ?? { name: "TapCard", publicUrl: "" };
}

export function seo(
  matches: Matches,
  page: { title: string; description: string; path: string },
): MetaDescriptor[] {
  const site = siteFrom(matches);
  const title = page.path === "/" ? page.title : `${page.title} | ${site.name}`;
  const url = `${site.publicUrl}${page.path === "/" ? "/" : page.path}`;
  return [
    { title },
    { name: "description", content: page.description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary" },
    { tagName: "link", rel: "canonical", href: url },
  ];
}

/** The public pages listed in the sitemap. */
export const PUBLIC_PATHS = [
  "/",
  "/about",
  "/features",
  "/pricing",
  "/faq",
  "/contact",
  "/socials",
  "/order-card",
  "/update-links",
  "/compatibility",
  "/safety",
  "/returns",
  "/privacy",
  "/terms",
] as const;

/** A page for one visitor (their dashboard, their payment): described, and asked not to be indexed. */
export function privatePage(title: string, description: string): MetaDescriptor[] {
  return [{ title }, { name: "description", content: description }, { name: "robots", content: "noindex" }];
}
