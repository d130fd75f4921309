import { useSearchParams } from "react-router";
import { EmptyState } from "~/components/layout/page-heading";

export const meta = () => [{ title: "Admin Dashboard" }];

export default function AdminHome() {
  const [params] = useSearchParams();
  const tab = params.get("tab") ?? "orders";
  if (tab === "cards") return <EmptyState title="No card pages yet." />;
  if (tab === "earnings") return <EmptyState title="No earnings yet." />;
  return <EmptyState title="No orders yet." />;
}
