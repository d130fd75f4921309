// Cold Calling, Overview tab.
import { EmptyState } from "~/components/layout/page-heading";

export const meta = () => [{ title: "Cold Calling: Overview" }];

export default function ColdCallingOverview() {
  return <EmptyState title="Not available yet." />;
}
