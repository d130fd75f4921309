// A company's overview, for every member: making their company card, and leaving (the plugin refuses the last
// owner).

import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { CompanyCardFieldsSchema, MEMBER_FIELDS } from "~/schemas/company";
import { CardPageError } from "../cards/cards.server";
import { companyCardOf } from "../cards/company-cards.server";
import { saveCompanyCardFields } from "../cards/company-look.server";
import { unknownIntent } from "../platform/forms.server";
import { redirectWithToast, refuseWithToast } from "../platform/toast.server";
import { type CompanyAccess, type CompanyContext, CompanyRefusal, viaPlugin } from "./companies.server";
import { recordCompanyEvent } from "./company-events.server";
import { saveMemberAddress } from "./member-addresses.server";
import { departCompany, memberCardPage } from "./member-cards.server";
import { companyTemplate, requiredFields } from "./template.server";

export async function handleCompanyOverviewAction(
  context: CompanyContext,
  request: Request,
  access: CompanyAccess,
  form: FormData,
) {
  switch (form.get("intent")) {
    case "make-card": {
      const page = await memberCardPage(context.db, access.company, access.user);
      return redirectWithToast(`/dashboard/company/${access.company.slug}`, {
        type: "success",
        title: "Your company card is ready",
        description: `Card ${page.cardNumber} is listed under Cards with your others.`,
      });
    }
    case "save-card": {
      const card = await companyCardOf(context.db, access.company.id, access.user.id);
      if (!card) return refuseWithToast("Make your company card first.", 404);
      const submission = parseWithZod(form, { schema: CompanyCardFieldsSchema });
      if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
      try {
        await saveCompanyCardFields(context.db, {
          cardPageId: card.id,
          userId: access.user.id,
          // Only what the form sent: the fields the company sets are shown greyed and not sent.
          values: Object.fromEntries(
            MEMBER_FIELDS.filter((f) => form.has(f)).map((f) => [f, submission.value[f] ?? ""]),
          ),
          required: requiredFields(await companyTemplate(context.db, access.company.id)),
        });
      } catch (error) {
        if (!(error instanceof CardPageError)) throw error;
        const field = error.field ?? "";
        return data(
          { result: submission.reply({ fieldErrors: { [field]: [error.message] } }) },
          { status: error.status },
        );
      }
      return redirectWithToast(`/dashboard/company/${access.company.slug}`, {
        type: "success",
        title: "Your company card is saved",
      });
    }
    case "save-address":
      return saveMemberAddress(context.db, access, form);
    case "leave":
      try {
        await viaPlugin(() =>
          context.auth.api.leaveOrganization({
            headers: request.headers,
            body: { organizationId: access.company.id },
          }),
        );
      } catch (error) {
        if (error instanceof CompanyRefusal) return refuseWithToast(error.message, error.status);
        throw error;
      }
      await departCompany(context.db, access.company, access.user, {
        userId: access.user.id,
        label: access.user.email,
      });
      await recordCompanyEvent(context.db, {
        organizationId: access.company.id,
        actor: access.user,
        action: "left",
        subject: access.user.email,
      });
      return redirectWithToast("/dashboard/companies", {
        type: "success",
        title: `You left ${access.company.name}`,
      });
    default:
      return unknownIntent();
  }
}
