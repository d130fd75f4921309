// Cold Calling, Prospects tab.
import { EmptyState } from "~/components/layout/page-heading";

export const meta = () => [{ title: "Cold Calling: Prospects" }];

export default function ColdCallingProspects() {
  return <EmptyState title="Not available yet." />;
}
