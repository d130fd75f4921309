import { data, useSearchParams } from "react-router";
import { CardsTab } from "~/components/admin/cards-tab";
import { EmptyState } from "~/components/layout/page-heading";
import { handleCardsTabAction } from "~/server/admin-cards-actions.server";
import { flushAnalytics } from "~/server/analytics.server";
import { requireAdmin } from "~/server/auth.server";
import { listCardPages, listShops } from "~/server/cards.server";
import { readFormData } from "~/server/forms.server";
import type { Route } from "./+types/home";

export const meta = () => [{ title: "Admin Dashboard" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.auth, request);
  const url = new URL(request.url);
  if (url.searchParams.get("tab") !== "cards") return { cards: null };
  await flushAnalytics(context.db, context.logger); // counts are at most a second old; show them exact
  const list = await listCardPages(context.db, {
    q: url.searchParams.get("q") ?? "",
    page: Number(url.searchParams.get("page")) || 1,
  });
  return { cards: { ...list, shops: await listShops(context.db), publicUrl: context.config.publicUrl } };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context.auth, request);
  const formData = await readFormData(request);
  const response = await handleCardsTabAction(context.db, formData, {
    publicUrl: context.config.publicUrl,
    logger: context.logger,
  });
  return response ?? data({ ok: false as const }, { status: 400 });
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const tab = params.get("tab") ?? "orders";
  if (tab === "cards" && loaderData.cards) return <CardsTab data={loaderData.cards} />;
  if (tab === "earnings") return <EmptyState title="No earnings yet." />;
  return <EmptyState title="No orders yet." />;
}
