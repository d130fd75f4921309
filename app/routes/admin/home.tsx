import { data, useSearchParams } from "react-router";
import { CardsTab } from "~/components/admin/cards-tab";
import { EarningsTab } from "~/components/admin/earnings-tab";
import { OrdersTab } from "~/components/admin/orders-tab";
import { ReferrersTab } from "~/components/admin/referrers-tab";
import { handleCardsTabAction } from "~/server/cards/admin-actions.server";
import { listCardPages } from "~/server/cards/admin-cards.server";
import { flushAnalytics } from "~/server/cards/analytics.server";
import { listShops } from "~/server/cards/shops.server";
import { requireAdmin } from "~/server/platform/auth.server";
import { readFormData } from "~/server/platform/forms.server";
import {
  handleOrdersTabAction,
  loadEarningsTab,
  loadOrdersTab,
  ORDER_INTENTS,
} from "~/server/shop/admin-orders-actions.server";
import {
  handleReferrersTabAction,
  loadReferrersTab,
  REFERRER_INTENTS,
} from "~/server/shop/admin-referrers-actions.server";
import type { Route } from "./+types/home";

export const meta = () => [{ title: "Admin Dashboard" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.auth, request);
  const url = new URL(request.url);
  const tab = url.searchParams.get("tab") ?? "orders";
  const none = { cards: null, orders: null, earnings: null, referrers: null };
  if (tab === "earnings") return { ...none, earnings: await loadEarningsTab(context.db) };
  if (tab === "referrers") return { ...none, referrers: await loadReferrersTab(context.db, url) };
  if (tab !== "cards") return { ...none, orders: await loadOrdersTab(context.db, url) };
  await flushAnalytics(context.db, context.logger); // counts are at most a second old; show them exact
  const list = await listCardPages(context.db, {
    q: url.searchParams.get("q") ?? "",
    page: Number(url.searchParams.get("page")) || 1,
  });
  return {
    ...none,
    cards: { ...list, shops: await listShops(context.db), publicUrl: context.config.publicUrl },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context.auth, request);
  const formData = await readFormData(request);
  if ((REFERRER_INTENTS as readonly string[]).includes(String(formData.get("intent"))))
    return handleReferrersTabAction(context.db, formData);
  if ((ORDER_INTENTS as readonly string[]).includes(String(formData.get("intent")))) {
    const handled = await handleOrdersTabAction(context.db, formData, {
      admin,
      config: context.config,
      pokeOutbox: context.pokeOutbox,
    });
    return handled ?? data({ ok: false as const }, { status: 400 });
  }
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
  if (tab === "earnings" && loaderData.earnings) return <EarningsTab data={loaderData.earnings} />;
  if (tab === "referrers" && loaderData.referrers) return <ReferrersTab data={loaderData.referrers} />;
  if (loaderData.orders) return <OrdersTab data={loaderData.orders} />;
  return null;
}
