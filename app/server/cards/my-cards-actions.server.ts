// My Cards' form posts, one intent each: adding an existing card to the account with its number and edit password,
// and the card state changes (pause, report lost, turn back on, order a replacement).
import type { AppLoadContext } from "react-router";
import type { SessionUser } from "../accounts/auth.server";
import { unknownIntent } from "../platform/forms.server";
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
