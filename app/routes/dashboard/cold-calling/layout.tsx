// Cold Calling: one nested route per tab (Overview, Purchase Lists, Prospects, Activity).
import { NavLink, Outlet } from "react-router";
import { PageHeading } from "~/components/layout/page-heading";
import { cn } from "~/utils/cn";

export const meta = () => [{ title: "Cold Calling" }];

const tabs = [
  { to: "/dashboard/cold-calling", label: "Overview", end: true },
  { to: "/dashboard/cold-calling/lists", label: "Purchase Lists" },
  { to: "/dashboard/cold-calling/prospects", label: "Prospects" },
  { to: "/dashboard/cold-calling/activity", label: "Activity" },
];

export default function ColdCallingLayout() {
  return (
    <>
      <PageHeading title="Cold Calling" />
      <nav aria-label="Cold Calling" className="mb-6 overflow-x-auto border-b border-slate-200">
        <ul className="flex gap-1">
          {tabs.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                end={tab.end}
                className={({ isActive }) =>
                  cn(
                    "inline-flex min-h-11 items-center whitespace-nowrap border-b-2 px-3 text-sm font-medium",
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
