import { EmptyState, PageHeading } from "~/components/layout/page-heading";

export const meta = () => [{ title: "Resell" }];

export default function DashboardResell() {
  return (
    <>
      <PageHeading title="Resell" />
      <EmptyState title="No referrals yet.">Customers you refer appear here.</EmptyState>
    </>
  );
}
