// A company's People page: its form posts, one intent each, all for owners and admins (the route's guard). Every
// change goes through the organization plugin's endpoint, which checks the poster's role again and keeps the last
// owner; every id posted must be this company's, else 404 and nothing changes.
import { parseWithZod } from "@conform-to/zod/v4";
import { and, eq } from "drizzle-orm";
import { data } from "react-router";
import { invitations, members, users } from "~/db/schema";
import { InviteMemberSchema, SetMemberRoleSchema } from "~/schemas/company";
import type { Config } from "../platform/env.server";
import { unknownIntent } from "../platform/forms.server";
import { hitRateLimit, hitWriteLimit, WRITE_LIMITED } from "../platform/rate-limit.server";
import { redirectWithToast, refuseWithToast } from "../platform/toast.server";
import { type CompanyAccess, type CompanyContext, CompanyRefusal, viaPlugin } from "./companies.server";
import { type CompanyEventAction, recordCompanyEvent } from "./company-events.server";
import { COMPANY_LIMITS, INVITATION_WRITES } from "./limits.server";
import { departCompany } from "./member-cards.server";
import { checkMemberCsv, importMemberRows, MEMBER_CSV_MESSAGES } from "./member-csv.server";

const ROLE_WORDS = { owner: "Owner", admin: "Admin", member: "Member" } as const;

export async function handleCompanyPeopleAction(
  context: CompanyContext & { config: Config },
  request: Request,
  access: CompanyAccess,
  form: FormData,
) {
  const back = `/dashboard/company/${access.company.slug}/people`;
  const log = logTo(context, access);
  try {
    switch (form.get("intent")) {
      case "invite":
        return await invite(context, request, access, form, back);
      case "import-csv":
        return await importCsv(context, access, form, back);
      case "resend": {
        const invitation = await waitingInvitation(context, access, form);
        if (
          !(
            await hitRateLimit(
              context.db,
              `companyResend:${invitation.id}`,
              COMPANY_LIMITS.resendPerInvitation,
            )
          ).allowed
        )
          return refuseWithToast("This invitation was resent 3 times today. Try again tomorrow.", 429);
        // The plugin resends only an invitation still in its 7 days; an expired one gets them back first, so the
        // link already in its recipient's mailbox works again.
        if (invitation.expiresAt <= new Date())
          await context.db
            .update(invitations)
            .set({ expiresAt: new Date(Date.now() + 60_000) })
            .where(eq(invitations.id, invitation.id));
        await viaPlugin(() =>
          context.auth.api.createInvitation({
            headers: request.headers,
            body: {
              email: invitation.email,
              role: invitation.role as "member",
              organizationId: access.company.id,
              resend: true,
            },
          }),
        );
        await log("resent", invitation.email);
        return redirectWithToast(back, {
          type: "success",
          title: `Invitation resent to ${invitation.email}`,
        });
      }
      case "revoke": {
        const invitation = await waitingInvitation(context, access, form);
        await viaPlugin(() =>
          context.auth.api.cancelInvitation({
            headers: request.headers,
            body: { invitationId: invitation.id },
          }),
        );
        await log("revoked", invitation.email);
        return redirectWithToast(back, {
          type: "success",
          title: `Invitation to ${invitation.email} revoked`,
        });
      }
      case "set-role": {
        const submission = parseWithZod(form, { schema: SetMemberRoleSchema });
        if (submission.status !== "success") return refuseWithToast("Choose a role", 400);
        const member = await companyMember(context, access, submission.value.memberId);
        const role = submission.value.role;
        await viaPlugin(() =>
          context.auth.api.updateMemberRole({
            headers: request.headers,
            body: { memberId: member.id, role, organizationId: access.company.id },
          }),
        );
        await log(
          "role-changed",
          member.email,
          `${ROLE_WORDS[member.role as keyof typeof ROLE_WORDS] ?? member.role} to ${ROLE_WORDS[role]}`,
        );
        return redirectWithToast(back, {
          type: "success",
          title: `${member.name} is now ${role === "admin" ? "an admin" : `a ${role}`}`,
        });
      }
      case "remove": {
        const member = await companyMember(context, access, form.get("memberId"));
        if (member.id === access.memberId)
          return refuseWithToast("To leave the company, use 'Leave company' on its overview.", 400);
        await viaPlugin(() =>
          context.auth.api.removeMember({
            headers: request.headers,
            body: { memberIdOrEmail: member.id, organizationId: access.company.id },
          }),
        );
        await departCompany(
          context.db,
          access.company,
          { id: member.userId, name: member.name },
          { userId: access.user.id, label: access.user.email },
        );
        await log("removed", member.email);
        return redirectWithToast(back, {
          type: "success",
          title: `${member.name} was removed from the company`,
        });
      }
      default:
        return unknownIntent();
    }
  } catch (error) {
    if (error instanceof CompanyRefusal) return refuseWithToast(error.message, error.status);
    throw error;
  }
}

async function invite(
  context: CompanyContext,
  request: Request,
  access: CompanyAccess,
  form: FormData,
  back: string,
) {
  const submission = parseWithZod(form, { schema: InviteMemberSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  if (
    !(await hitWriteLimit(context.db, INVITATION_WRITES, {
      userId: access.user.id,
      clientIp: context.clientIp,
    }))
  )
    return refuseWithToast(WRITE_LIMITED, 429);
  const { email, role, name, jobTitle, phone } = submission.value;
  try {
    await viaPlugin(() =>
      context.auth.api.createInvitation({
        headers: request.headers,
        body: { email, role, organizationId: access.company.id, name, jobTitle, phone },
      }),
    );
  } catch (error) {
    if (!(error instanceof CompanyRefusal)) throw error;
    return data(
      { result: submission.reply({ fieldErrors: { email: [error.message] } }) },
      { status: error.status },
    );
  }
  await logTo(context, access)("invited", email, ROLE_WORDS[role]);
  return redirectWithToast(back, { type: "success", title: `Invitation sent to ${email}` });
}

async function importCsv(
  context: CompanyContext & { config: Config },
  access: CompanyAccess,
  form: FormData,
  back: string,
) {
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return refuseWithToast(MEMBER_CSV_MESSAGES.noFile);
  if (
    !(await hitWriteLimit(context.db, INVITATION_WRITES, {
      userId: access.user.id,
      clientIp: context.clientIp,
    }))
  )
    return refuseWithToast(WRITE_LIMITED, 429);
  const checked = await checkMemberCsv(
    context.db,
    access.company.id,
    new Uint8Array(await file.arrayBuffer()),
  );
  if (!checked.ok)
    return data({ ok: false as const, error: checked.message, refused: checked.refused }, { status: 400 });
  await importMemberRows(context.db, {
    organizationId: access.company.id,
    inviter: access.user,
    rows: checked.rows,
    shop: context.config.shop.name,
    publicUrl: context.config.publicUrl,
  });
  context.pokeOutbox();
  const n = checked.rows.length;
  return redirectWithToast(back, {
    type: "success",
    title: `${n} ${n === 1 ? "invitation" : "invitations"} sent`,
  });
}

/** Writes to the company's log as the poster. */
const logTo =
  (context: CompanyContext, access: CompanyAccess) =>
  (action: CompanyEventAction, subject: string, detail?: string) =>
    recordCompanyEvent(context.db, {
      organizationId: access.company.id,
      actor: access.user,
      action,
      subject,
      detail,
    });

/** A waiting invitation of this company by its posted id, else 404. */
async function waitingInvitation(context: CompanyContext, access: CompanyAccess, form: FormData) {
  const id = form.get("invitationId");
  const [invitation] =
    typeof id === "string" && id.length <= 64
      ? await context.db
          .select({
            id: invitations.id,
            email: invitations.email,
            role: invitations.role,
            expiresAt: invitations.expiresAt,
          })
          .from(invitations)
          .where(
            and(
              eq(invitations.id, id),
              eq(invitations.organizationId, access.company.id),
              eq(invitations.status, "pending"),
            ),
          )
      : [];
  if (!invitation) throw new CompanyRefusal("Invitation not found", 404);
  return invitation;
}

/** A member of this company by the posted member id, else 404. */
async function companyMember(
  context: CompanyContext,
  access: CompanyAccess,
  id: FormDataEntryValue | null | string,
) {
  const [member] =
    typeof id === "string" && id.length <= 64
      ? await context.db
          .select({
            id: members.id,
            userId: members.userId,
            role: members.role,
            name: users.name,
            email: users.email,
          })
          .from(members)
          .innerJoin(users, eq(users.id, members.userId))
          .where(and(eq(members.id, id), eq(members.organizationId, access.company.id)))
      : [];
  if (!member) throw new CompanyRefusal("Member not found", 404);
  return member;
}
