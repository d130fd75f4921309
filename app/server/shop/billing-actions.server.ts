// The Billing settings' form posts, one intent each: the saved delivery address.
import type { AppLoadContext } from "react-router";
import type { SessionUser } from "../accounts/session.server";
import { unknownIntent } from "../platform/forms.server";
import { addressFromForm } from "./saved-delivery.server";

/** The Billing tab's form posts, by intent. */
export async function handleBillingAction(
  context: Pick<AppLoadContext, "db">,
  user: SessionUser,
  form: FormData,
) {
  switch (form.get("intent")) {
    case "address":
      return addressFromForm(context, user, form);
    default:
      return unknownIntent();
  }
}
