import { EmptyState, PageHeading } from "~/components/layout/page-heading";

export const meta = () => [{ title: "Cards" }];

export default function DashboardCards() {
  return (
    <>
      <PageHeading title="Cards" />
      <EmptyState title="You have no cards on your account yet.">Cards you order appear here.</EmptyState>
    </>
  );
}
