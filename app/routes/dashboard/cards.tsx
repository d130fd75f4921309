// Dashboard Cards section: the customer's own card pages, and adding an existing card by number + edit password.
import { ClaimCardForm, OrderCardLink, OwnedCardItem } from "~/components/dashboard/my-cards";
import { EmptyState, PageHeading } from "~/components/layout/page-heading";
import { handleMyCardsAction, loadMyCards } from "~/server/cards/ownership.server";
import { requireUser } from "~/server/platform/auth.server";
import { readFormData } from "~/server/platform/forms.server";
import type { Route } from "./+types/cards";

export const meta = () => [{ title: "Cards" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context.auth, request);
  return loadMyCards(context.db, user, context.config.publicUrl);
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context.auth, request);
  const form = await readFormData(request);
  return handleMyCardsAction(context, user, form);
}

export default function DashboardCards({ loaderData, actionData }: Route.ComponentProps) {
  const { cards, publicUrl } = loaderData;
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  return (
    <>
      <PageHeading title="Cards" />
      <div className="space-y-6">
        {cards.length === 0 ? (
          <EmptyState title="You have no cards on your account yet.">
            <p>Order a card, or add a card you already have with its card number and edit password.</p>
            <div className="mt-4">
              <OrderCardLink />
            </div>
          </EmptyState>
        ) : (
          <>
            <ul className="grid gap-4 lg:grid-cols-2">
              {cards.map((card) => (
                <OwnedCardItem key={card.id} card={card} publicUrl={publicUrl} />
              ))}
            </ul>
            <div className="flex flex-wrap items-center gap-3">
              <p className="text-slate-700">Need another card?</p>
              <OrderCardLink />
            </div>
          </>
        )}
        <ClaimCardForm lastResult={result} />
      </div>
    </>
  );
}
