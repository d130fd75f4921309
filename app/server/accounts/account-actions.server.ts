// The Account settings' form posts (password, two-factor, sessions, deleting the account), one intent each.
import { unknownIntent } from "../platform/forms.server";
import { redirectWithToast } from "../platform/toast.server";
import { type AccountLeaving, deleteAccountFromForm } from "./account-deletion.server";
import type { Context } from "./account-secrets.server";
import { changePassword, signOutOtherSessions } from "./account-settings.server";
import type { SessionUser } from "./session.server";
import { cancelEnrolment } from "./two-factor.server";
import { confirmTwoFactor, enableTwoFactor, turnOffTwoFactor } from "./two-factor-settings.server";

/**
 * The Account tab's form actions; `path` is the page to come back to (the customer's or the admin's), `leaving`
 * what the account's companies do when it is deleted.
 */
export async function handleAccountAction(
  context: Context,
  request: Request,
  user: SessionUser,
  form: FormData,
  path: string,
  leaving?: AccountLeaving,
) {
  const intent = form.get("intent");
  switch (intent) {
    case "change-password":
      return changePassword(context, request, user, form, path);
    case "enable-2fa":
      return enableTwoFactor(context, request, user, form, path);
    case "confirm-2fa":
      return confirmTwoFactor(context, request, user, form, path);
    case "cancel-2fa":
      await cancelEnrolment(context.db, user.id);
      return redirectWithToast(path, { type: "info", title: "Two-factor set-up cancelled" });
    case "disable-2fa":
      return turnOffTwoFactor(context, request, user, form, path);
    case "sign-out-others":
      return signOutOtherSessions(context, request, path);
    case "delete-account":
      return deleteAccountFromForm(context, request, user, form, leaving);
    default:
      return unknownIntent();
  }
}
