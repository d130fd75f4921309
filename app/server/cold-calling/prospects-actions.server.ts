// The Prospects section's form posts, one intent each: adding, importing and changing the status of prospects.
import type { SessionUser } from "../accounts/session.server";
import { unknownIntent } from "../platform/forms.server";
import type { ProspectsContext } from "./prospect-quotas.server";
import { addProspect, changeStatus, importCsv } from "./prospect-writes.server";

export function handleProspectsAction(context: ProspectsContext, user: SessionUser, form: FormData) {
  switch (form.get("intent")) {
    case "set-status":
      return changeStatus(context, user, form);
    case "add-prospect":
      return addProspect(context, user, form);
    case "import-csv":
      return importCsv(context, user, form);
    default:
      return unknownIntent();
  }
}
