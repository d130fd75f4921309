import { Outlet } from "react-router";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { useRootData } from "~/root";

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
