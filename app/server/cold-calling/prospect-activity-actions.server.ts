// The Activity section's form posts, one intent each: notes on a prospect.
import type { SessionUser } from "../accounts/session.server";
import { unknownIntent } from "../platform/forms.server";
import { addNote } from "./prospect-activity.server";
import type { ProspectsContext } from "./prospect-quotas.server";

export function handleActivityAction(context: ProspectsContext, user: SessionUser, form: FormData) {
  switch (form.get("intent")) {
    case "add-note":
      return addNote(context, user, form);
    default:
      return unknownIntent();
  }
}
