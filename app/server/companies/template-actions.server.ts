// A company's Template page: saving it (owners and admins, the route's guard) changes every member's page.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { CompanyTemplateSchema } from "~/schemas/company";
import { unknownIntent } from "../platform/forms.server";
import { redirectWithToast, refuseWithToast } from "../platform/toast.server";
import type { CompanyAccess, CompanyContext } from "./companies.server";
import { CompanyRefusal } from "./companies.server";
import { saveCompanyTemplate } from "./template.server";

export async function handleTemplateAction(context: CompanyContext, access: CompanyAccess, form: FormData) {
  switch (form.get("intent")) {
    case "save-template": {
      const submission = parseWithZod(form, { schema: CompanyTemplateSchema });
      if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
      try {
        const pages = await saveCompanyTemplate(context.db, access, submission.value);
        return redirectWithToast(`/dashboard/company/${access.company.slug}/template`, {
          type: "success",
          title: "Template saved",
          description: `${pages} company ${pages === 1 ? "card follows" : "cards follow"} it now.`,
        });
      } catch (error) {
        if (error instanceof CompanyRefusal) return refuseWithToast(error.message, error.status);
        throw error;
      }
    }
    default:
      return unknownIntent();
  }
}
