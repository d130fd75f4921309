// Creating a company (Companies page) and leaving one (its overview): the form posts.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { CreateCompanySchema } from "~/schemas/company";
import type { SessionUser } from "../accounts/session.server";
import { unknownIntent } from "../platform/forms.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { redirectWithToast, refuseWithToast } from "../platform/toast.server";
import {
  type CompanyAccess,
  type CompanyContext,
  CompanyRefusal,
  createCompany,
  viaPlugin,
} from "./companies.server";
import { recordCompanyEvent } from "./company-events.server";
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

export async function handleCompanyOverviewAction(
  context: CompanyContext,
  request: Request,
  access: CompanyAccess,
  form: FormData,
) {
  switch (form.get("intent")) {
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
