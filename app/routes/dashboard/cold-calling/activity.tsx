// Cold Calling, Activity tab.
import { EmptyState } from "~/components/layout/page-heading";

export const meta = () => [{ title: "Cold Calling: Activity" }];

export default function ColdCallingActivity() {
  return <EmptyState title="Not available yet." />;
}
