// The page an invitation's link opens (/invitations/{id}) and its two answers. The id is the link's secret; the
// plugin then binds it to the invited address: accepting with another account is refused, whatever the form sends.
import { eq } from "drizzle-orm";
import { invitations, organizations, users } from "~/db/schema";
import type { SessionUser } from "../accounts/session.server";
import type { DbOrTx } from "../platform/db.server";
import { unknownIntent } from "../platform/forms.server";
import { redirectWithToast, refuseWithToast } from "../platform/toast.server";
import { type CompanyContext, CompanyRefusal, viaPlugin } from "./companies.server";
import { recordCompanyEvent } from "./company-events.server";

const INVITATION_GONE = "This invitation has expired, was revoked or was already used.";

const wrongAccountMessage = (invited: string, signedIn: string) =>
  `This invitation is for ${invited}, and you are signed in as ${signedIn}. Log out, then sign in as ${invited} to accept it.`;

async function findInvitation(db: DbOrTx, id: string) {
  if (id.length > 64) return undefined;
  const [row] = await db
    .select({
      id: invitations.id,
      email: invitations.email,
      role: invitations.role,
      status: invitations.status,
      expiresAt: invitations.expiresAt,
      organizationId: invitations.organizationId,
      company: organizations.name,
      slug: organizations.slug,
      inviter: users.name,
    })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .innerJoin(users, eq(users.id, invitations.inviterId))
    .where(eq(invitations.id, id));
  return row;
}

/** Waiting, and not past its 7 days. */
const usable = (invitation: { status: string; expiresAt: Date }) =>
  invitation.status === "pending" && invitation.expiresAt > new Date();

/** What the invitation page shows: the company and who invited, and what the visitor can do about it. */
export async function invitationPage(db: DbOrTx, id: string, user: SessionUser | null) {
  const invitation = await findInvitation(db, id);
  if (!invitation || !usable(invitation)) return { state: "gone" as const, message: INVITATION_GONE };
  const shown = {
    company: invitation.company,
    inviter: invitation.inviter,
    email: invitation.email,
    role: invitation.role,
  };
  if (!user) return { state: "sign-in" as const, invitation: shown };
  if (user.email.toLowerCase() !== invitation.email.toLowerCase())
    return {
      state: "wrong-account" as const,
      invitation: shown,
      message: wrongAccountMessage(invitation.email, user.email),
    };
  return { state: "ready" as const, invitation: shown };
}

export async function handleInvitationAction(
  context: CompanyContext,
  request: Request,
  user: SessionUser,
  id: string,
  form: FormData,
) {
  const invitation = await findInvitation(context.db, id);
  if (!invitation || !usable(invitation)) return refuseWithToast(INVITATION_GONE, 404);
  if (user.email.toLowerCase() !== invitation.email.toLowerCase())
    return refuseWithToast(wrongAccountMessage(invitation.email, user.email), 403);
  try {
    switch (form.get("intent")) {
      case "accept":
        await viaPlugin(() =>
          context.auth.api.acceptInvitation({ headers: request.headers, body: { invitationId: id } }),
        );
        await recordCompanyEvent(context.db, {
          organizationId: invitation.organizationId,
          actor: user,
          action: "joined",
          subject: user.email,
        });
        return redirectWithToast(`/dashboard/company/${invitation.slug}`, {
          type: "success",
          title: `Welcome to ${invitation.company}`,
        });
      case "decline":
        await viaPlugin(() =>
          context.auth.api.rejectInvitation({ headers: request.headers, body: { invitationId: id } }),
        );
        await recordCompanyEvent(context.db, {
          organizationId: invitation.organizationId,
          actor: user,
          action: "declined",
          subject: user.email,
        });
        return redirectWithToast("/dashboard", { type: "success", title: "Invitation declined" });
      default:
        return unknownIntent();
    }
  } catch (error) {
    if (error instanceof CompanyRefusal) return refuseWithToast(error.message, error.status);
    throw error;
  }
}
