// Admin Cards section: card pages with their actions, shops and the create-client dialog.
import { useLocation } from "react-router";
import { CardsSection } from "~/components/admin/cards-section";
import { requireAdmin } from "~/server/accounts/session.server";
import { handleCardsSectionAction, loadCardsSection } from "~/server/cards/admin-actions.server";
import { readFormData } from "~/server/platform/forms.server";
import type { Route } from "./+types/cards";

export const meta = () => [{ title: "Admin Dashboard" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  return loadCardsSection(context.db, new URL(request.url), {
    publicUrl: context.config.publicUrl,
    logger: context.logger,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const form = await readFormData(request);
  return handleCardsSectionAction(context.db, form, {
    publicUrl: context.config.publicUrl,
    logger: context.logger,
  });
}

export default function AdminCards({ loaderData }: Route.ComponentProps) {
  const { search } = useLocation();
  return <CardsSection data={loaderData} search={search} />;
}
