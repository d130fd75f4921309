// A member leaving a company from its overview. The plugin refuses the last owner.
import { unknownIntent } from "../platform/forms.server";
import { redirectWithToast, refuseWithToast } from "../platform/toast.server";
import { type CompanyAccess, type CompanyContext, CompanyRefusal, viaPlugin } from "./companies.server";
import { recordCompanyEvent } from "./company-events.server";

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
