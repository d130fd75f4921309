import { EmptyState, PageHeading } from "~/components/layout/page-heading";

export const meta = () => [{ title: "My Links" }];

export default function DashboardLinks() {
  return (
    <>
      <PageHeading title="My Links" />
      <EmptyState title="You have no card links yet.">
        Links appear here once a card is on your account.
      </EmptyState>
    </>
  );
}
