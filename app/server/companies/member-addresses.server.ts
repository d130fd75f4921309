// Where a member wants company cards posted: the member gives it on the company's overview; 'Order cards for
// members' posted to each member reads it. A company's admins learn only whether it is given.
import { parseWithZod } from "@conform-to/zod/v4";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { data } from "react-router";
import { memberAddresses, members, users } from "~/db/schema";
import { type Delivery, DeliverySchema } from "~/schemas/checkout";
import type { DbOrTx } from "../platform/db.server";
import { enqueueEmail } from "../platform/email/outbox.server";
import { composeEmail } from "../platform/email/templates.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { redirectWithToast } from "../platform/toast.server";
import type { CompanyAccess } from "./companies.server";
import { recordCompanyEvent } from "./company-events.server";
import { COMPANY_LIMITS } from "./limits.server";

export const MEMBER_ADDRESS_SAVED = "Delivery address saved";

/** The address the member gave this company, as saved (the overview's form starts with it), or null. */
export async function memberAddress(db: DbOrTx, organizationId: string, userId: string) {
  const [row] = await db
    .select({ address: memberAddresses.address })
    .from(memberAddresses)
    .where(and(eq(memberAddresses.organizationId, organizationId), eq(memberAddresses.userId, userId)));
  return row?.address ?? null;
}

/** The addresses these members gave the company, by user id; a member without one is not in the map. */
export async function addressesOf(db: DbOrTx, organizationId: string, userIds: string[]) {
  const found = new Map<string, Delivery>();
  if (!userIds.length) return found;
  const rows = await db
    .select({ userId: memberAddresses.userId, address: memberAddresses.address })
    .from(memberAddresses)
    .where(and(eq(memberAddresses.organizationId, organizationId), inArray(memberAddresses.userId, userIds)));
  for (const r of rows) {
    // An address saved under an older rule is asked for again rather than posted to.
    const parsed = DeliverySchema.safeParse(r.address);
    if (parsed.success) found.set(r.userId, parsed.data);
  }
  return found;
}

/** The member's 'Where to post your card' form: checked with the checkout's rules, one row per member. */
export async function saveMemberAddress(db: DbOrTx, access: CompanyAccess, form: FormData) {
  const submission = parseWithZod(form, { schema: DeliverySchema });
  // Its own key: the overview's card form reads `result`.
  if (submission.status !== "success") return data({ addressResult: submission.reply() }, { status: 400 });
  await db
    .insert(memberAddresses)
    .values({ organizationId: access.company.id, userId: access.user.id, address: submission.value })
    .onConflictDoUpdate({
      target: [memberAddresses.organizationId, memberAddresses.userId],
      set: { address: submission.value, updatedAt: new Date() },
    });
  return redirectWithToast(`/dashboard/company/${access.company.slug}`, {
    type: "success",
    title: MEMBER_ADDRESS_SAVED,
    description: `Cards ${access.company.name} orders for you from now on are posted there.`,
  });
}

/** A member who leaves takes their address with them. */
export async function forgetMemberAddress(db: DbOrTx, organizationId: string, userId: string) {
  await db
    .delete(memberAddresses)
    .where(and(eq(memberAddresses.organizationId, organizationId), eq(memberAddresses.userId, userId)));
}

/** Members one 'Ask for their addresses' e-mails: the first this many without one, in the index's order. */
export const ASK_ADDRESSES_MAX = 500;

/**
 * 'Ask for their addresses' (owners and admins, once a day per company): e-mails members who have not given one a
 * link to the company's overview, and records it in the log. Returns how many were asked (0: everyone has given
 * one, and nothing is spent), or null when the day's ask was made already.
 */
export async function askForAddresses(
  db: DbOrTx,
  access: CompanyAccess,
  opts: { shop: string; publicUrl: string },
) {
  const waiting = await db
    .select({ name: users.name, email: users.email })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(
      and(
        eq(members.organizationId, access.company.id),
        sql`not exists (select 1 from member_addresses ma
          where ma.organization_id = ${members.organizationId} and ma.user_id = ${members.userId})`,
      ),
    )
    .orderBy(asc(members.userId))
    .limit(ASK_ADDRESSES_MAX);
  if (!waiting.length) return 0;
  const key = `askAddresses:${access.company.id}`;
  if (!(await hitRateLimit(db, key, COMPANY_LIMITS.askAddressesPerCompany)).allowed) return null;
  const url = `${opts.publicUrl}/dashboard/company/${access.company.slug}`;
  await db.transaction(async (tx) => {
    for (const member of waiting)
      await enqueueEmail(
        tx,
        composeEmail({
          shop: opts.shop,
          to: member.email,
          subject: `${access.company.name} asks where to post your card`,
          greeting: `Hello ${member.name},`,
          lines: [
            `${access.user.name} would like to order a card from ${access.company.name} for you, posted to you.`,
            "Give the address to post it to on the company's page. Only the shop that posts the card sees it.",
          ],
          action: { label: "Give your address", url },
        }),
      );
    await recordCompanyEvent(tx, {
      organizationId: access.company.id,
      actor: access.user,
      action: "asked-addresses",
      subject: `${waiting.length} ${waiting.length === 1 ? "member" : "members"}`,
    });
  });
  return waiting.length;
}
