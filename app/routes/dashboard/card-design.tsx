// My Cards -> Design (/dashboard/cards/{WC1234}/design): the card page's design, its links shown, hidden and in
// order, and a preview. 'Preview' without JavaScript comes back here with the choices in the address (?preview=1).
import { CardDesignPage } from "~/components/dashboard/card-design-page";
import { requireUser } from "~/server/accounts/session.server";
import { designPageData, ownedCard } from "~/server/cards/card-design.server";
import { handleCardDesignAction } from "~/server/cards/card-design-actions.server";
import { designLockedBy } from "~/server/cards/company-look.server";
import { readFormData } from "~/server/platform/forms.server";
import { refuseWithToast } from "~/server/platform/toast.server";
import { privatePage } from "~/utils/seo";
import type { Route } from "./+types/card-design";

export const meta = () =>
  privatePage("Card design", "How your card page looks: theme, colour, buttons and font.");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const card = await ownedCard(context.db, user, params.cardNumber);
  return designPageData(context.db, card, request, `/dashboard/cards/${card.cardNumber}/preview`);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await readFormData(request);
  const card = await ownedCard(context.db, user, params.cardNumber);
  // A company card whose design the company sets: only the company's template changes it.
  const lockedBy = await designLockedBy(context.db, card.id);
  if (lockedBy) return refuseWithToast(`The design of this card is set by ${lockedBy}.`, 403);
  return handleCardDesignAction(context, card, `/dashboard/cards/${card.cardNumber}/design`, form);
}

export default function DashboardCardDesign({ loaderData, actionData }: Route.ComponentProps) {
  const { card } = loaderData;
  return (
    <CardDesignPage
      data={loaderData}
      answer={actionData}
      action={`/dashboard/cards/${card.cardNumber}/design`}
      previewUrl={`/dashboard/cards/${card.cardNumber}/preview`}
      back={{ to: `/dashboard/cards?card=${card.cardNumber}`, label: `Back to ${card.name}` }}
    />
  );
}
