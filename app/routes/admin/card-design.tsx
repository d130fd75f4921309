// The admin's Design page for any card (/admin-dashboard/edit/{id}/design, from the card form): the same controls
// as the owner's (theme, colour, buttons, font, cover and logo, links shown, hidden and in order), free and at once.
import { CardDesignPage } from "~/components/dashboard/card-design-page";
import { requireAdmin } from "~/server/accounts/session.server";
import { cardForAdmin, designPageData } from "~/server/cards/card-design.server";
import { handleCardDesignAction } from "~/server/cards/card-design-actions.server";
import { readFormData } from "~/server/platform/forms.server";
import type { Route } from "./+types/card-design";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: loaderData ? `Design of card #${loaderData.card.cardNumber}` : "Card Not Found" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const card = await cardForAdmin(context.db, params.id);
  return {
    ...(await designPageData(context.db, card, request, `/admin-dashboard/edit/${card.id}/preview`)),
    id: card.id,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const form = await readFormData(request);
  const card = await cardForAdmin(context.db, params.id);
  return handleCardDesignAction(context, card, `/admin-dashboard/edit/${card.id}/design`, form);
}

export default function AdminCardDesign({ loaderData, actionData }: Route.ComponentProps) {
  const { id, card } = loaderData;
  return (
    <CardDesignPage
      data={loaderData}
      answer={actionData}
      action={`/admin-dashboard/edit/${id}/design`}
      previewUrl={`/admin-dashboard/edit/${id}/preview`}
      back={{ to: `/admin-dashboard/edit/${id}`, label: `Back to card #${card.cardNumber}` }}
    />
  );
}
