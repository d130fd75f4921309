import { EmptyState, PageHeading } from "~/components/layout/page-heading";

export const meta = () => [{ title: "Cold Calling" }];

export default function DashboardColdCalling() {
  return (
    <>
      <PageHeading title="Cold Calling" />
      <EmptyState title="No prospects yet">Purchase a business list to get started</EmptyState>
    </>
  );
}
