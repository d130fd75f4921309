// The Contacts forms, one intent each: on a contact, copying it into prospects, accepting it when it was held for
// review, and deleting it; on the list, deleting every share held for review.
import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "react-router";
import { AddContactToProspectsSchema } from "~/schemas/contacts";
import type { SessionUser } from "../accounts/session.server";
import { PROSPECT_WRITES } from "../cold-calling/limits.server";
import type { ProspectsContext } from "../cold-calling/prospect-quotas.server";
import { unknownIntent } from "../platform/forms.server";
import { hitWriteLimit, WRITE_LIMITED } from "../platform/rate-limit.server";
import { dataWithToast, redirectWithToast, refuseWithToast } from "../platform/toast.server";
import { addContactToProspects } from "./contact-to-prospect.server";
import { CONTACT_NOT_FOUND, deleteContact } from "./contacts.server";
import { acceptHeldContact, deleteAllHeld } from "./review.server";

type ContactsContext = ProspectsContext & Pick<AppLoadContext, "pokeWebhooks">;

export function handleContactAction(
  context: ContactsContext,
  user: SessionUser,
  contactId: string,
  form: FormData,
) {
  switch (form.get("intent")) {
    case "add-to-prospects":
      return addToProspects(context, user, contactId, form);
    case "accept-contact":
      return acceptContact(context, user, contactId);
    case "delete-contact":
      return removeContact(context, user, contactId);
    default:
      return unknownIntent();
  }
}

/** The Contacts list's form: deleting every share held for review at once (a flood is deleted in one go). */
export function handleContactsAction(context: ContactsContext, user: SessionUser, form: FormData) {
  switch (form.get("intent")) {
    case "delete-held":
      return removeAllHeld(context, user);
    default:
      return unknownIntent();
  }
}

async function acceptContact(context: ContactsContext, user: SessionUser, contactId: string) {
  const accepted = await acceptHeldContact(context.db, user.id, contactId);
  if (!accepted) return refuseWithToast(CONTACT_NOT_FOUND, 404);
  context.pokeWebhooks();
  return redirectWithToast("/dashboard/contacts", {
    type: "success",
    title: "Contact accepted",
    description: `${accepted.name} is now in your contacts.`,
  });
}

async function removeAllHeld(context: ContactsContext, user: SessionUser) {
  const gone = await deleteAllHeld(context.db, user.id);
  return redirectWithToast("/dashboard/contacts", {
    type: "success",
    title: "Held shares deleted",
    description:
      gone === 1
        ? "1 share held for review has been deleted."
        : `${gone} shares held for review have been deleted.`,
  });
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
  if (
    !(await hitWriteLimit(context.db, PROSPECT_WRITES.addProspect, {
      userId: user.id,
      clientIp: context.clientIp,
    }))
  )
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
