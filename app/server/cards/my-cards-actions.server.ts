// My Cards' form posts, one intent each: adding an existing card to the account with its number and edit password.
import type { AppLoadContext } from "react-router";
import type { SessionUser } from "../accounts/auth.server";
import { unknownIntent } from "../platform/forms.server";
import { claimFromForm } from "./ownership.server";

/** The Cards section's form posts, by intent. */
export async function handleMyCardsAction(
  context: Pick<AppLoadContext, "db" | "clientIp">,
  user: SessionUser,
  form: FormData,
) {
  switch (form.get("intent")) {
    case "claim":
      return claimFromForm(context, user, form);
    default:
      return unknownIntent();
  }
}
