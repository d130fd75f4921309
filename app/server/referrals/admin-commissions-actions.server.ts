// The admin Commissions section's form posts, one intent each: paying referrers out, releasing or reversing held ones.
import type { SessionUser } from "../accounts/session.server";
import type { Database } from "../platform/db.server";
import { unknownIntent } from "../platform/forms.server";
import { payOut } from "./commission-payouts.server";
import { review } from "./held-commissions.server";

export async function handleCommissionsAction(db: Database, admin: SessionUser, form: FormData) {
  switch (form.get("intent")) {
    case "mark-paid-out":
      return payOut(db, admin, form);
    case "release-commission":
      return review(db, form, "release");
    case "reverse-commission":
      return review(db, form, "reverse");
    default:
      return unknownIntent();
  }
}
