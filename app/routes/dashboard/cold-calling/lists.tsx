// Cold Calling, Lists tab.
import { EmptyState } from "~/components/layout/page-heading";

export const meta = () => [{ title: "Cold Calling: Lists" }];

export default function ColdCallingLists() {
  return <EmptyState title="Not available yet." />;
}
