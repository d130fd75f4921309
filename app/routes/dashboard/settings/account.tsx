// Settings, Account tab.
import { EmptyState } from "~/components/layout/page-heading";

export const meta = () => [{ title: "Account settings" }];

export default function AccountSettings() {
  return <EmptyState title="Account settings are not available yet." />;
}
