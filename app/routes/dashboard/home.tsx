import { Link, useRouteLoaderData } from "react-router";
import { PageHeading } from "~/components/layout/page-heading";
import type { loader } from "./layout";

export const meta = () => [{ title: "Dashboard" }];

export default function DashboardHome() {
  const data = useRouteLoaderData<typeof loader>("routes/dashboard/layout");
  return (
    <>
      <PageHeading
        title={`Welcome, ${data?.user.name ?? ""}`}
        intro={`Signed in as ${data?.user.email ?? ""}.`}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {[
          { to: "/dashboard/links", title: "Manage Links", text: "See your card links." },
          { to: "/dashboard/cards", title: "Manage Cards", text: "The cards on your account." },
          { to: "/dashboard/settings", title: "Settings", text: "Your account details." },
        ].map((tile) => (
          <Link
            key={tile.to}
            to={tile.to}
            className="rounded-xl border border-slate-200 p-5 hover:border-brand-600"
          >
            <span className="font-semibold">{tile.title}</span>
            <span className="mt-1 block text-sm text-slate-600">{tile.text}</span>
          </Link>
        ))}
      </div>
    </>
  );
}
