// Settings, Notifications tab.
import { EmptyState } from "~/components/layout/page-heading";

export const meta = () => [{ title: "Notifications settings" }];

export default function NotificationsSettings() {
  return <EmptyState title="Notifications settings are not available yet." />;
}
