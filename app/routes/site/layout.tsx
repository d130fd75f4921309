import { Outlet } from "react-router";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { useRootData } from "~/root";
import type { Route } from "./+types/layout";

// A streamed page can reach the browser in pieces, and a header painted half-parsed moves when its last
// buttons arrive. The first paint waits until the header is whole, that is until <main> is parsed.
export const links: Route.LinksFunction = () => [{ rel: "expect", href: "#main", blocking: "render" }];

export default function SiteLayout() {
  const root = useRootData();
  const site = root?.site ?? { name: "TapCard", supportEmail: "", socials: [] };
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <SiteHeader siteName={site.name} user={root?.user ?? null} cartCount={root?.cartCount ?? 0} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter siteName={site.name} supportEmail={site.supportEmail} socials={site.socials} />
    </div>
  );
}
