import { NavLink, Outlet, useLocation, useSearchParams } from "react-router";
import { requireAdmin } from "~/server/platform/auth.server";
import { cn } from "~/utils/cn";
import type { Route } from "./+types/layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(context.auth, request);
  return { admin: { name: admin.name, email: admin.email } };
}

export const adminTabs = [
  { id: "orders", label: "Orders" },
  { id: "cards", label: "Cards" },
  { id: "earnings", label: "Earnings" },
  { id: "referrers", label: "Referrers" },
] as const;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  // Card create and edit pages live under the dashboard and belong to the Cards tab.
  const current = params.get("tab") ?? (pathname.startsWith("/admin-dashboard/") ? "cards" : "orders");
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold sm:text-3xl">Admin Dashboard</h1>
        <p className="text-sm text-slate-600">Signed in as {loaderData.admin.email}</p>
      </div>
      <nav aria-label="Admin sections" className="mt-6 border-b border-slate-200">
        <ul className="flex gap-1 overflow-x-auto">
          {adminTabs.map((tab) => (
            <li key={tab.id}>
              <NavLink
                to={`/admin-dashboard?tab=${tab.id}`}
                aria-current={current === tab.id ? "page" : undefined}
                className={cn(
                  "inline-flex min-h-11 items-center border-b-2 px-4 text-sm font-semibold",
                  current === tab.id
                    ? "border-brand-600 text-brand-700"
                    : "border-transparent text-slate-600 hover:text-slate-900",
                )}
              >
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="pt-6">
        <Outlet />
      </div>
    </div>
  );
}
