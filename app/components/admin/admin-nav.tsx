// The admin dashboard's section links: one nested route per tab, the current one marked for screen readers. On a
// phone the tabs wrap onto more rows, each on one line, so none is hidden past the screen's edge.
import { Link, useLocation } from "react-router";
import { cn } from "~/utils/cn";

export const ADMIN_TABS = [
  { id: "orders", label: "Orders" },
  { id: "fulfilment", label: "To write and post" },
  { id: "cards", label: "Cards" },
  { id: "earnings", label: "Earnings" },
  { id: "referrers", label: "Referrers" },
  { id: "commissions", label: "Commissions" },
  { id: "leads", label: "Leads" },
  { id: "companies", label: "Companies" },
  { id: "account", label: "Account" },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]["id"];

/** The tab a dashboard path belongs to: card create and edit pages belong to Cards. */
function tabOf(pathname: string): AdminTab | null {
  const section = pathname.split("/")[2] ?? "";
  if (section === "create" || section === "edit") return "cards";
  return ADMIN_TABS.find((tab) => tab.id === section)?.id ?? null;
}

export function AdminNav() {
  const current = tabOf(useLocation().pathname);
  return (
    <nav aria-label="Admin sections" className="mt-6 border-b border-slate-200">
      <ul className="flex flex-wrap gap-x-1">
        {ADMIN_TABS.map((tab) => (
          <li key={tab.id}>
            <Link
              to={`/admin-dashboard/${tab.id}`}
              aria-current={current === tab.id ? "page" : undefined}
              className={cn(
                "inline-flex min-h-11 items-center whitespace-nowrap border-b-2 px-3 text-sm font-semibold",
                current === tab.id
                  ? "border-brand-600 text-brand-700"
                  : "border-transparent text-slate-600 hover:text-slate-900",
              )}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
