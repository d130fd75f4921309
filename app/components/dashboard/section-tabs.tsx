// The tab bar of a dashboard section whose tabs are nested routes (Settings, Cold Calling): plain links, the
// current one marked, so it works without JavaScript. On a phone they wrap onto more rows rather than hide.
import { NavLink } from "react-router";
import { cn } from "~/utils/cn";

export interface SectionTab {
  to: string;
  label: string;
  /** The section's own address matches only itself, not its tabs below it. */
  end?: boolean;
}

export function SectionTabs({ label, tabs }: { label: string; tabs: SectionTab[] }) {
  return (
    <nav aria-label={label} className="mb-6 border-b border-slate-200">
      <ul className="flex flex-wrap gap-x-1">
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
  );
}
