// Settings: one nested route per tab (Profile, Account, Billing, Notifications,
// Integrations), each with its own loader and action.
import { Outlet } from "react-router";
import { SectionTabs } from "~/components/dashboard/section-tabs";
import { PageHeading } from "~/components/layout/page-heading";
import { privatePage } from "~/utils/seo";

export const meta = () => privatePage("Settings", "Your TapCard account settings.");

const tabs = [
  { to: "/dashboard/settings", label: "Profile", end: true },
  { to: "/dashboard/settings/account", label: "Account" },
  { to: "/dashboard/settings/billing", label: "Billing" },
  { to: "/dashboard/settings/notifications", label: "Notifications" },
  { to: "/dashboard/settings/integrations", label: "Integrations" },
];

export default function SettingsLayout() {
  return (
    <>
      <PageHeading title="Settings" />
      <SectionTabs label="Settings" tabs={tabs} />
      <Outlet />
    </>
  );
}
