// Where a member wants company cards posted: the member gives it on the company's overview; 'Order cards for
// members' posted to each member reads it. A company's admins learn only whether it is given.
import { parseWithZod } from "@conform-to/zod/v4";
import { and, eq, inArray } from "drizzle-orm";
import { data } from "react-router";
import { memberAddresses } from "~/db/schema";
import { type Delivery, DeliverySchema } from "~/schemas/checkout";
import type { DbOrTx } from "../platform/db.server";
import { redirectWithToast } from "../platform/toast.server";
import type { CompanyAccess } from "./companies.server";

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
