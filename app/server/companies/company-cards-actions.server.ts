// A company's Cards page: handing a physical card to another member (owners and admins, the route's guard). The
// chip is not rewritten: its address opens the new holder's page from the next tap.
import { isUuid } from "~/utils/ids";
import { reassignPhysicalCard } from "../cards/company-cards.server";
import { CardLifecycleError } from "../cards/physical-cards.server";
import { unknownIntent } from "../platform/forms.server";
import { redirectWithToast, refuseWithToast } from "../platform/toast.server";
import type { CompanyAccess, CompanyContext } from "./companies.server";
import { recordCompanyEvent } from "./company-events.server";
import { memberCardPage, membersByEmail } from "./member-cards.server";

const ids = (form: FormData, ...names: string[]) => {
  const values = names.map((n) => form.get(n));
  return values.every((v): v is string => typeof v === "string" && isUuid(v)) ? values : null;
};

export async function handleCompanyCardsAction(
  context: CompanyContext,
  access: CompanyAccess,
  form: FormData,
) {
  const back = `/dashboard/company/${access.company.slug}/cards`;
  switch (form.get("intent")) {
    case "reassign": {
      const posted = ids(form, "physicalCardId", "fromCardPageId");
      if (!posted) return refuseWithToast("Card not found", 404);
      const [physicalCardId, fromCardPageId] = posted as [string, string];
      const email = String(form.get("toEmail") ?? "")
        .trim()
        .toLowerCase()
        .slice(0, 254);
      const [member] = email ? await membersByEmail(context.db, access.company.id, email) : [];
      if (!member)
        return refuseWithToast(`${email || "That address"} is not a member of ${access.company.name}.`, 400);
      try {
        // A member without a company card yet gets one now, as a card ordered for them would.
        const toCardPageId = (await memberCardPage(context.db, access.company, member)).id;
        const moved = await reassignPhysicalCard(context.db, {
          organizationId: access.company.id,
          physicalCardId,
          fromCardPageId,
          toCardPageId,
          actor: { userId: access.user.id, label: access.user.email },
        });
        if (moved)
          await recordCompanyEvent(context.db, {
            organizationId: access.company.id,
            actor: access.user,
            action: "reassigned",
            subject: `card ${moved.from}`,
            detail: `to ${moved.to}`,
          });
        return redirectWithToast(back, {
          type: "success",
          title: moved ? `Card now opens ${moved.to}'s page` : "Nothing changed",
        });
      } catch (error) {
        if (error instanceof CardLifecycleError) return refuseWithToast(error.message, error.status);
        throw error;
      }
    }
    default:
      return unknownIntent();
  }
}
