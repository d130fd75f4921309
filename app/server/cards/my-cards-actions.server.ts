// My Cards' form posts, one intent each: adding an existing card to the account with its number and edit password,
// turning a card's 'share your details' form on or off, and the card state changes (pause, report lost, turn back
// on, order a replacement).
import { type AppLoadContext, data } from "react-router";
import type { SessionUser } from "../accounts/auth.server";
import { setContactExchange } from "../contacts/exchange.server";
import { unknownIntent } from "../platform/forms.server";
import { redirectWithToast } from "../platform/toast.server";
import { handleOwnerLifecycle } from "./card-lifecycle-actions.server";
import { claimFromForm } from "./ownership.server";

/** The Cards section's form posts, by intent. */
export async function handleMyCardsAction(
  context: AppLoadContext,
  request: Request,
  user: SessionUser,
  form: FormData,
) {
  switch (form.get("intent")) {
    case "claim":
      return claimFromForm(context, user, form);
    case "contact-exchange": {
      // Only the account's own cards: any other id is answered as not found, and nothing changes.
      const cardId = String(form.get("cardId") ?? "").slice(0, 64);
      const on = form.get("on") === "true";
      const card = await setContactExchange(context.db, user.id, cardId, on);
      if (!card) return data({ error: "Card not found" }, { status: 404 });
      // Back to the card's tab, so a reload does not post again.
      return redirectWithToast(`/dashboard/cards?card=${card.cardNumber}`, {
        type: "success",
        title: on
          ? "Visitors can now share their details with you"
          : "Visitors can no longer share their details",
      });
    }
    case "pause":
    case "resume":
    case "report-lost":
    case "card-on":
    case "order-replacement":
      return handleOwnerLifecycle(context, request, user, form);
    default:
      return unknownIntent();
  }
}
