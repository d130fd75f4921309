// My Cards' form posts that are the cards domain's: adding an existing card to the account with its number and edit
// password, and the card state changes (pause, report lost, turn back on). The route sends the 'share your details'
// switch to contacts/ and 'Order a replacement' to shop/.
import type { AppLoadContext } from "react-router";
import type { SessionUser } from "../accounts/session.server";
import { unknownIntent } from "../platform/forms.server";
import { handleOwnerLifecycle } from "./card-lifecycle-actions.server";
import { claimFromForm } from "./ownership.server";

/** The Cards section's form posts, by intent. */
export async function handleMyCardsAction(context: AppLoadContext, user: SessionUser, form: FormData) {
  switch (form.get("intent")) {
    case "claim":
      return claimFromForm(context, user, form);
    case "pause":
    case "resume":
    case "report-lost":
    case "card-on":
      return handleOwnerLifecycle(context, user, form);
    default:
      return unknownIntent();
  }
}
