// Dashboard Cards section: an Overview of the customer's cards with their scan activity, one tab per card
// (?card=WC1234) with its profile, and adding an existing card by number + edit password.
import { createElement } from "react";
import { CardLifecycleSection } from "~/components/dashboard/card-lifecycle";
import { CardProfile } from "~/components/dashboard/card-profile";
import {
  CardTabs,
  ClaimCardForm,
  OrderCardLink,
  OwnedCardItem,
  QrCodeDialog,
} from "~/components/dashboard/my-cards";
import { OneLinkCardsList } from "~/components/dashboard/one-link-cards";
import { ScanActivity } from "~/components/dashboard/scan-activity";
import { EmptyState, PageHeading } from "~/components/layout/page-heading";
import { StaticHtml } from "~/components/ui/static-html";
import { requireUser } from "~/server/accounts/session.server";
import { loadMyCardsPage } from "~/server/cards/my-cards.server";
import { handleMyCardsAction } from "~/server/cards/my-cards-actions.server";
import { handleContactExchangeToggle } from "~/server/contacts/exchange.server";
import { readFormData, unknownIntent } from "~/server/platform/forms.server";
import { staticHtml } from "~/server/platform/static-html.server";
import { handleReplacementOrder } from "~/server/shop/replacement-actions.server";
import { privatePage } from "~/utils/seo";
import type { Route } from "./+types/cards";

export const meta = () =>
  privatePage("Cards", "Your TapCards: their pages, QR codes, where taps come from and update requests.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const { profile, activity, lifecycle, oneLinkCards, ...page } = await loadMyCardsPage(
    context.db,
    user,
    context.config.publicUrl,
    new URL(request.url),
  );
  // ?qr= is rendered with the dialog open (it works without JavaScript), so its code must be there first.
  if (page.qr) await QrCodeDialog.preload();
  const selectedCard = page.cards.find((c) => c.cardNumber === page.selected);
  // The profile, the card's state forms, the One Link cards and the scan activity have no behaviour of their own
  // (plain forms and links): drawn to HTML here, they are not hydrated.
  return {
    ...page,
    profileHtml: profile
      ? staticHtml(createElement(CardProfile, { card: profile, publicUrl: page.publicUrl }), "card-profile-")
      : null,
    activityHtml: activity ? staticHtml(createElement(ScanActivity, activity), "scan-activity-") : null,
    lifecycleHtml:
      lifecycle && selectedCard
        ? staticHtml(
            createElement(CardLifecycleSection, {
              cardNumber: selectedCard.cardNumber,
              pageUrl: `${page.publicUrl}/${selectedCard.slug}`,
              lifecycle,
              supportEmail: context.config.mail.support,
            }),
            "card-lifecycle-",
          )
        : null,
    googleWallet: Boolean(context.config.googleWallet),
    appleWallet: Boolean(context.config.appleWallet),
    oneLinkHtml: oneLinkCards.length
      ? staticHtml(createElement(OneLinkCardsList, { cards: oneLinkCards }), "one-link-cards-")
      : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await readFormData(request);
  // Each intent goes to the domain it changes.
  switch (form.get("intent")) {
    case "contact-exchange":
      return handleContactExchangeToggle(context.db, user, form);
    case "order-replacement":
      return handleReplacementOrder(context, request, user, form);
    case "claim":
    case "pause":
    case "resume":
    case "report-lost":
    case "card-on":
      return handleMyCardsAction(context, user, form);
    default:
      return unknownIntent();
  }
}

export default function DashboardCards({ loaderData, actionData }: Route.ComponentProps) {
  const {
    cards,
    qr,
    publicUrl,
    selected,
    profileHtml,
    activityHtml,
    lifecycleHtml,
    oneLinkHtml,
    googleWallet,
    appleWallet,
  } = loaderData;
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  // The profile and the scan activity come drawn by the loader.
  const activity = activityHtml ? <StaticHtml html={activityHtml} /> : null;
  return (
    <>
      <PageHeading title="Cards" />
      {cards.length ? <CardTabs cards={cards} selected={selected} /> : null}
      {profileHtml ? (
        <div className="space-y-8">
          <StaticHtml html={profileHtml} />
          {lifecycleHtml ? <StaticHtml html={lifecycleHtml} /> : null}
          {activity}
        </div>
      ) : (
        <div className="space-y-8">
          {cards.length === 0 && !oneLinkHtml ? (
            <EmptyState title="You have no cards on your account yet.">
              <p>Order a card, or add a card you already have with its card number and edit password.</p>
              <div className="mt-4">
                <OrderCardLink />
              </div>
            </EmptyState>
          ) : (
            <>
              {cards.length ? (
                <ul className="grid gap-4">
                  {cards.map((c) => (
                    <OwnedCardItem
                      key={c.id}
                      card={c}
                      publicUrl={publicUrl}
                      qrOpenOnLoad={qr === c.cardNumber}
                      googleWallet={googleWallet}
                      appleWallet={appleWallet}
                    />
                  ))}
                </ul>
              ) : null}
              {oneLinkHtml ? <StaticHtml html={oneLinkHtml} /> : null}
              <div className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-5">
                <p className="text-slate-700">Need another card, or one for someone on your team?</p>
                <OrderCardLink />
              </div>
              {activity}
            </>
          )}
          <ClaimCardForm lastResult={result} />
        </div>
      )}
    </>
  );
}
