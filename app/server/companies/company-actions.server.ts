// Creating a company: the Companies page's form post.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { CreateCompanySchema } from "~/schemas/company";
import type { SessionUser } from "../accounts/session.server";
import { unknownIntent } from "../platform/forms.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { redirectWithToast, refuseWithToast } from "../platform/toast.server";
import { type CompanyContext, createCompany } from "./companies.server";
import { COMPANY_LIMITS } from "./limits.server";

export async function handleCompaniesAction(
  context: CompanyContext,
  request: Request,
  user: SessionUser,
  form: FormData,
) {
  switch (form.get("intent")) {
    case "create-company": {
      const submission = parseWithZod(form, { schema: CreateCompanySchema });
      if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
      if (
        !(await hitRateLimit(context.db, `companyCreate:${user.id}`, COMPANY_LIMITS.createPerAccount)).allowed
      )
        return refuseWithToast("You created 5 companies today. Try again tomorrow.", 429);
      const slug = await createCompany(context, request, user, submission.value);
      return redirectWithToast(`/dashboard/company/${slug}`, {
        type: "success",
        title: `${submission.value.name} created`,
        description: "You are its owner. Invite your people from People.",
      });
    }
    default:
      return unknownIntent();
  }
}
