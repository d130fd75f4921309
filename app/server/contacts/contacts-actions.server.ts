// The contact page's form posts, one intent each: copying the contact into prospects and deleting it.
import { parseWithZod } from "@conform-to/zod/v4";
import { AddContactToProspectsSchema } from "~/schemas/contacts";
import type { SessionUser } from "../accounts/auth.server";
import type { ProspectsContext } from "../cold-calling/prospect-quotas.server";
import { unknownIntent } from "../platform/forms.server";
import { hitWriteLimit, WRITE_LIMITED } from "../platform/rate-limit.server";
import { dataWithToast, redirectWithToast, refuseWithToast } from "../platform/toast.server";
import { addContactToProspects, CONTACT_NOT_FOUND, deleteContact } from "./contacts.server";

export function handleContactAction(
  context: ProspectsContext,
  user: SessionUser,
  contactId: string,
  form: FormData,
) {
  switch (form.get("intent")) {
    case "add-to-prospects":
      return addToProspects(context, user, contactId, form);
    case "delete-contact":
      return removeContact(context, user, contactId);
    default:
      return unknownIntent();
  }
}

async function addToProspects(
  context: ProspectsContext,
  user: SessionUser,
  contactId: string,
  form: FormData,
) {
  const submission = parseWithZod(form, { schema: AddContactToProspectsSchema });
  if (submission.status !== "success") return refuseWithToast("Choose a business type", 400);
  // Counted with adding a prospect by hand: it is the same write.
  if (!(await hitWriteLimit(context.db, "addProspect", { userId: user.id, clientIp: context.clientIp })))
    return refuseWithToast(WRITE_LIMITED, 429);
  const outcome = await addContactToProspects(context.db, user.id, contactId, submission.value.businessType);
  if (outcome.ok)
    return dataWithToast(
      { ok: true as const, prospectId: outcome.prospectId },
      {
        type: "success",
        title: "Added to prospects",
        description: `${outcome.businessName} is in your prospects.`,
      },
    );
  if (outcome.prospectId)
    return dataWithToast(
      { ok: false as const, error: outcome.message, prospectId: outcome.prospectId },
      { type: "info", title: "Already in your prospects", description: outcome.message },
      { status: outcome.status },
    );
  return refuseWithToast(outcome.message, outcome.status);
}

async function removeContact(context: ProspectsContext, user: SessionUser, contactId: string) {
  if (!(await deleteContact(context.db, user.id, contactId))) return refuseWithToast(CONTACT_NOT_FOUND, 404);
  return redirectWithToast("/dashboard/contacts", {
    type: "success",
    title: "Contact deleted",
    description: "The contact has been deleted for good.",
  });
}
