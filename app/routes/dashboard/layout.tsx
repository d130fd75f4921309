import { createElement, useEffect, useState } from "react";
import { Form, Link, NavLink, Outlet, useLocation } from "react-router";
import { NAV_ICONS } from "~/components/dashboard/nav-icons";
import { DASHBOARD_NAV, navIconName } from "~/components/dashboard/nav-items";
import { IconSprite, SpriteIcon } from "~/components/ui/icon-sprite";
import { StaticHtml } from "~/components/ui/static-html";
import { requireUser } from "~/server/accounts/session.server";
import { companiesOf } from "~/server/companies/companies.server";
import { staticHtml } from "~/server/platform/static-html.server";
import { cn } from "~/utils/cn";
import type { Route } from "./+types/layout";

/** The menu's icons: the same markup for every page and every user, so drawn by the first request only. */
let navIconsHtml: string | undefined;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  navIconsHtml ??= staticHtml(createElement(IconSprite, { icons: NAV_ICONS }), "dashboard-icons-");
  return {
    user: { name: user.name, email: user.email },
    companies: await companiesOf(context.db, user.id),
    // Referenced by name: the icons are not part of every dashboard page's script.
    iconsHtml: navIconsHtml,
  };
}

interface CompanyChoice {
  slug: string;
  name: string;
}

/**
 * Personal or one of the account's companies: the one the page shows is marked, so every page says whose it is.
 * Drawn only for an account in a company.
 */
function Showing({ companies }: { companies: CompanyChoice[] }) {
  const { pathname } = useLocation();
  if (companies.length === 0) return null;
  const current = pathname.match(/^\/dashboard\/company\/([^/]+)/)?.[1];
  const choices = [
    { to: "/dashboard", label: "Personal", here: !current },
    ...companies.map((c) => ({
      to: `/dashboard/company/${c.slug}`,
      label: c.name,
      here: c.slug === current,
    })),
  ];
  return (
    <nav aria-label="Personal or company" className="mb-4 rounded-lg border border-slate-200 p-2">
      <p className="px-2 text-xs font-semibold uppercase tracking-wide text-slate-600">Showing</p>
      <ul>
        {choices.map((c) => (
          <li key={c.to}>
            <Link
              to={c.to}
              aria-current={c.here ? "true" : undefined}
              className={cn(
                "flex min-h-11 items-center break-all rounded-md px-2 text-sm",
                c.here ? "font-semibold text-brand-700" : "text-slate-700 hover:bg-slate-100",
              )}
            >
              {c.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SideNav({ companies }: { companies: CompanyChoice[] }) {
  return (
    <>
      <Showing companies={companies} />
      <nav aria-label="Dashboard">
        <ul className="space-y-1">
          {DASHBOARD_NAV.map(({ to, label, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                className={({ isActive }) =>
                  cn(
                    "flex min-h-11 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium",
                    isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100",
                  )
                }
              >
                <SpriteIcon name={navIconName(to)} className="h-5 w-5" />
                {label}
              </NavLink>
            </li>
          ))}
          <li>
            <Form method="post" action="/logout">
              <button
                type="submit"
                className="flex min-h-11 w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
              >
                <SpriteIcon name="nav-logout" className="h-5 w-5" />
                Logout
              </button>
            </Form>
          </li>
        </ul>
      </nav>
    </>
  );
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the drawer on every navigation
  useEffect(() => setOpen(false), [location.key]);
  return (
    <>
      <StaticHtml html={loaderData.iconsHtml} />
      <div className="mx-auto flex max-w-6xl gap-8 px-4 py-8">
        <aside className="hidden w-56 shrink-0 md:block">
          <SideNav companies={loaderData.companies} />
        </aside>
        <div className="min-w-0 flex-1">
          <button
            type="button"
            className="mb-4 inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-300 px-3 text-sm font-medium md:hidden"
            aria-expanded={open}
            aria-controls="dashboard-drawer"
            onClick={() => setOpen(true)}
          >
            <SpriteIcon name="nav-menu" className="h-5 w-5" /> Dashboard menu
          </button>
          <Outlet />
        </div>
        {open ? (
          <div className="fixed inset-0 z-50 md:hidden">
            <button
              type="button"
              tabIndex={-1}
              aria-label="Close dashboard menu"
              className="absolute inset-0 bg-slate-900/40"
              onClick={() => setOpen(false)}
            />
            <div
              id="dashboard-drawer"
              className="absolute inset-y-0 left-0 w-72 max-w-[85vw] bg-white p-4 shadow-xl"
            >
              <button
                type="button"
                aria-label="Close dashboard menu"
                className="mb-2 inline-flex h-11 w-11 items-center justify-center rounded-md hover:bg-slate-100"
                onClick={() => setOpen(false)}
                // biome-ignore lint/a11y/noAutofocus: focus moves into the drawer that just opened
                autoFocus
              >
                <SpriteIcon name="nav-close" className="h-6 w-6" />
              </button>
              <SideNav companies={loaderData.companies} />
            </div>
          </div>
        ) : null}
      </div>
    </>
  );
}
