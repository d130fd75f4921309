// Settings, Billing tab.
import { EmptyState } from "~/components/layout/page-heading";

export const meta = () => [{ title: "Billing settings" }];

export default function BillingSettings() {
  return <EmptyState title="Billing settings are not available yet." />;
}
