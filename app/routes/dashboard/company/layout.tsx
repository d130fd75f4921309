// One company's pages: the guard (a member of it, else 404), its name as the heading, and its tabs; People and Log
// are for its owners and admins.
import { Outlet } from "react-router";
import { SectionTabs } from "~/components/dashboard/section-tabs";
import { PageHeading } from "~/components/layout/page-heading";
import { canManage, requireCompany } from "~/server/companies/companies.server";
import { privatePage } from "~/utils/seo";
import type { Route } from "./+types/layout";

export const meta = ({ loaderData }: Route.MetaArgs) =>
  privatePage(loaderData?.company.name ?? "Company", "Your company on TapCard.");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const access = await requireCompany(context, request, params.slug);
  return { company: access.company, role: access.role, manages: canManage(access.role) };
}

export default function CompanyLayout({ loaderData }: Route.ComponentProps) {
  const base = `/dashboard/company/${loaderData.company.slug}`;
  const tabs = [
    { to: base, label: "Overview", end: true },
    ...(loaderData.manages
      ? [
          { to: `${base}/people`, label: "People" },
          { to: `${base}/cards`, label: "Cards" },
          { to: `${base}/contacts`, label: "Contacts" },
          { to: `${base}/analytics`, label: "Analytics" },
          { to: `${base}/template`, label: "Template" },
          { to: `${base}/integrations`, label: "Integrations" },
          { to: `${base}/sign-in`, label: "Sign-in" },
          { to: `${base}/log`, label: "Log" },
        ]
      : []),
  ];
  return (
    <>
      <p className="text-sm font-medium text-slate-600">Company</p>
      <PageHeading title={loaderData.company.name} />
      <SectionTabs label={loaderData.company.name} tabs={tabs} />
      <Outlet />
    </>
  );
}
