// The Profile settings' form posts, one intent each: name, photo and e-mail address.
import { unknownIntent } from "../platform/forms.server";
import { avatarFromForm, type Context, emailFromForm, profileFromForm } from "./profile.server";
import type { SessionUser } from "./session.server";

/** The Profile tab's form posts, by intent. */
export async function handleProfileAction(
  context: Context,
  request: Request,
  user: SessionUser,
  form: FormData,
) {
  switch (form.get("intent")) {
    case "profile":
      return profileFromForm(context, user, form);
    case "avatar":
      return avatarFromForm(context, user, form);
    case "email":
      return emailFromForm(context, request, user, form);
    default:
      return unknownIntent();
  }
}
