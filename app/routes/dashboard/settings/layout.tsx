// Settings: one nested route per tab (Profile, Account, Billing, Notifications), each with its own loader and action.
import { NavLink, Outlet } from "react-router";
import { PageHeading } from "~/components/layout/page-heading";
import { cn } from "~/utils/cn";

export const meta = () => [{ title: "Settings" }];

const tabs = [
  { to: "/dashboard/settings", label: "Profile", end: true },
  { to: "/dashboard/settings/account", label: "Account" },
  { to: "/dashboard/settings/billing", label: "Billing" },
  { to: "/dashboard/settings/notifications", label: "Notifications" },
];

export default function SettingsLayout() {
  return (
    <>
      <PageHeading title="Settings" />
      <nav aria-label="Settings" className="mb-6 overflow-x-auto border-b border-slate-200">
        <ul className="flex gap-1">
          {tabs.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                end={tab.end}
                className={({ isActive }) =>
                  cn(
                    "inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-medium",
                    isActive
                      ? "border-brand-600 text-brand-700"
                      : "border-transparent text-slate-700 hover:text-slate-900",
                  )
                }
              >
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </>
  );
}
