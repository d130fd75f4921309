// Cold Calling: one nested route per tab (Overview, Purchase Lists, Prospects, Activity).
import { Outlet } from "react-router";
import { SectionTabs } from "~/components/dashboard/section-tabs";
import { PageHeading } from "~/components/layout/page-heading";
import { privatePage } from "~/utils/seo";

export const meta = () =>
  privatePage("Cold Calling", "Businesses to call about TapCard, your prospects and your calls.");

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
      <SectionTabs label="Cold Calling" tabs={tabs} />
      <Outlet />
    </>
  );
}
