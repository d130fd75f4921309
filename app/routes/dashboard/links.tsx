// Dashboard My Links section: the links of the customer's own cards by kind, and paid changes to them.
import { createElement } from "react";
import { AddLinkForm } from "~/components/dashboard/link-change-forms";
import { CardLinksList, LinkTabs } from "~/components/dashboard/my-links";
import { OneLinkCardsList } from "~/components/dashboard/one-link-cards";
import { EmptyState, PageHeading } from "~/components/layout/page-heading";
import { ButtonLink } from "~/components/ui/button";
import { StaticHtml } from "~/components/ui/static-html";
import { requireUser } from "~/server/accounts/session.server";
import { loadMyLinks } from "~/server/cards/my-links.server";
import { readFormData } from "~/server/platform/forms.server";
import { staticHtml } from "~/server/platform/static-html.server";
import { handleMyLinksAction } from "~/server/shop/my-links-actions.server";
import { privatePage } from "~/utils/seo";
import type { Route } from "./+types/links";

export const meta = () => privatePage("My Links", "Edit, reorder and remove the links on your card pages.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const { oneLinkCards, ...page } = await loadMyLinks(context.db, user, new URL(request.url));
  // One Link cards are shown, never edited here: drawn to HTML, they are not hydrated.
  return {
    ...page,
    oneLinkHtml: oneLinkCards.length
      ? staticHtml(createElement(OneLinkCardsList, { cards: oneLinkCards }), "one-link-cards-")
      : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await readFormData(request);
  return handleMyLinksAction(context, user, request, form);
}

export default function DashboardLinks({ loaderData, actionData }: Route.ComponentProps) {
  const { cards, allCards, several, page, pages, oneLinkHtml, icons, tab, counts, editing, removing, price } =
    loaderData;
  const result = actionData && "form" in actionData ? actionData : undefined;
  return (
    <>
      <PageHeading
        title="My Links"
        intro={
          allCards.length || oneLinkHtml
            ? "The links on your cards, and how often each is clicked."
            : undefined
        }
      />
      {allCards.length === 0 && !oneLinkHtml ? (
        <EmptyState title="You have no cards on your account yet.">
          <p>
            Your links appear here once a card is on your account. Order a card, or add one you already have.
          </p>
          <div className="mt-4 flex flex-wrap justify-center gap-2">
            <ButtonLink to="/order-card">Order a card</ButtonLink>
            <ButtonLink variant="secondary" to="/dashboard/cards">
              Add a card
            </ButtonLink>
          </div>
        </EmptyState>
      ) : allCards.length === 0 ? (
        <StaticHtml html={oneLinkHtml ?? ""} />
      ) : (
        <div className="space-y-8">
          <div>
            <LinkTabs tab={tab} counts={counts} />
            <CardLinksList
              cards={cards}
              several={several}
              page={page}
              pages={pages}
              icons={icons}
              tab={tab}
              editing={editing}
              removing={removing}
              price={price}
              result={result}
            />
          </div>
          <AddLinkForm
            cards={allCards}
            tab={tab}
            price={price}
            lastResult={result?.form === "add" ? result.result : undefined}
          />
          {oneLinkHtml ? <StaticHtml html={oneLinkHtml} /> : null}
        </div>
      )}
    </>
  );
}
