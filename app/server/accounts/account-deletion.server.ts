// Deleting a customer's own account from Settings → Account: the password asked again, orders kept for the
// accounts without the customer's details, card pages left online without an owner.
import { parseWithZod } from "@conform-to/zod/v4";
import { and, eq, inArray, sql } from "drizzle-orm";
import { cardClaimTokens, cardPages, orders, users, verifications } from "~/db/schema";
import { DeleteAccountSchema } from "~/schemas/account";
import type { Database, Tx } from "../platform/db.server";
import type { Config } from "../platform/env.server";
import { redirectWithToast } from "../platform/toast.server";
import { deleteUploadIfUnused } from "../platform/uploads.server";
import {
  ACCOUNT_MESSAGES,
  type Context,
  checkAccountPassword,
  refuse,
  SECRET_FIELDS,
} from "./account-secrets.server";
import { callAuth } from "./auth.server";
import { accountSecretLimited, recordFailedAccountSecret } from "./limits.server";
import { ordersOwnedBy } from "./owned-orders.server";
import type { SessionUser } from "./session.server";

/**
 * What the account's companies do as it goes (handed in by the route: companies/ is above accounts/): runs in the
 * deletion's transaction, and returns why the account cannot go yet (the last owner of a company with others in
 * it), or null.
 */
export type AccountLeaving = (
  tx: Tx,
  user: { id: string; name: string; email: string },
) => Promise<string | null>;

/** What replaces a deleted customer's details on the orders that are kept for the accounts. */
export const DELETED_CUSTOMER = "Deleted customer";

export async function deleteAccountFromForm(
  context: Context,
  request: Request,
  user: SessionUser,
  form: FormData,
  leaving?: AccountLeaving,
) {
  const intent = "delete-account";
  const submission = parseWithZod(form, { schema: DeleteAccountSchema });
  if (submission.status !== "success")
    return refuse(intent, submission.reply({ hideFields: SECRET_FIELDS }), 400);
  if (user.role === "admin")
    return refuse(
      intent,
      submission.reply({ formErrors: [ACCOUNT_MESSAGES.adminCannotDelete], hideFields: SECRET_FIELDS }),
      403,
    );
  if (await accountSecretLimited(context.db, user.id))
    return refuse(
      intent,
      submission.reply({ formErrors: [ACCOUNT_MESSAGES.tooMany], hideFields: SECRET_FIELDS }),
      429,
    );
  if (
    (await checkAccountPassword(context.auth, context.db, user.id, submission.value.password)) !== "right"
  ) {
    await recordFailedAccountSecret(context.db, user.id);
    return refuse(
      intent,
      submission.reply({
        fieldErrors: { password: [ACCOUNT_MESSAGES.wrongPassword] },
        hideFields: SECRET_FIELDS,
      }),
      400,
    );
  }
  const outcome = await deleteAccount(context.db, context.config, user.id, leaving);
  if (!outcome.ok)
    return refuse(
      intent,
      submission.reply({ formErrors: [outcome.message], hideFields: SECRET_FIELDS }),
      outcome.status,
    );
  // The session row went with the account; this clears the browser's cookies.
  const signOut = await callAuth(() =>
    context.auth.api.signOut({ headers: request.headers, asResponse: true }),
  );
  return redirectWithToast(
    "/",
    {
      type: "success",
      title: "Your account has been deleted",
      description: "Your cards' public pages stay online.",
    },
    { headers: signOut.headers },
  );
}

/**
 * Deletes a customer account: the user row and with it (by cascade) sessions, sign-in methods, two-factor,
 * preferences, digests, the referral code and the contacts shared with it. Commissions and payouts stay in the books without the referrer.
 * Card pages stay online without an owner. The account's orders (the order history's rule) are kept for the
 * accounts with the customer's details replaced. Refused for admins, and while an order of theirs is unpaid or
 * paid but not yet delivered (its address is still needed). The avatar's file goes unless something else shows it.
 */
async function deleteAccount(
  db: Database,
  config: Config,
  userId: string,
  leaving?: AccountLeaving,
): Promise<{ ok: true } | { ok: false; status: number; message: string }> {
  const outcome = await db
    .transaction(async (tx) => {
      const [user] = await tx
        .select({ role: users.role, image: users.image, name: users.name, email: users.email })
        .from(users)
        .where(eq(users.id, userId))
        .for("update");
      if (!user) return { ok: false as const, status: 404, message: "This account no longer exists" };
      if (user.role === "admin")
        return { ok: false as const, status: 403, message: ACCOUNT_MESSAGES.adminCannotDelete };
      const mine = await ordersOwnedBy(tx, userId);
      if (!mine) return { ok: false as const, status: 404, message: "This account no longer exists" };
      const open = await tx
        .select({ orderNumber: orders.orderNumber })
        .from(orders)
        .where(and(mine, inArray(orders.status, ["awaiting_payment", "paid"])))
        .orderBy(orders.createdAt);
      if (open.length)
        return {
          ok: false as const,
          status: 409,
          message: `Your order ${open.map((o) => o.orderNumber).join(", ")} is still in progress. You can delete your account once it has been delivered or cancelled; contact us if you need help.`,
        };
      const kept = await tx
        .update(orders)
        .set({
          userId: null,
          customerName: DELETED_CUSTOMER,
          customerEmail: DELETED_CUSTOMER,
          customerPhone: DELETED_CUSTOMER,
          // The country stays: it decides the tax treatment of the sale.
          deliveryAddress: sql`jsonb_build_object('fullName', ${DELETED_CUSTOMER}::text, 'email', ${DELETED_CUSTOMER}::text, 'phone', ${DELETED_CUSTOMER}::text, 'addressLine1', ${DELETED_CUSTOMER}::text, 'city', '', 'postalCode', '', 'country', coalesce(${orders.deliveryAddress}->>'country', ''))`,
        })
        .where(mine)
        .returning({ id: orders.id });
      if (kept.length)
        await tx.delete(cardClaimTokens).where(
          inArray(
            cardClaimTokens.orderId,
            kept.map((o) => o.id),
          ),
        );
      const refusal = await leaving?.(tx, { id: userId, name: user.name, email: user.email });
      if (refusal) throw new LeavingRefused(refusal);
      await tx.update(cardPages).set({ ownerUserId: null }).where(eq(cardPages.ownerUserId, userId));
      // Trusted-device records and unfinished two-factor sign-ins hold the user id.
      await tx.delete(verifications).where(eq(verifications.value, userId));
      await tx.delete(users).where(eq(users.id, userId));
      return { ok: true as const, image: user.image };
    })
    .catch((error) => {
      // Thrown, so what the companies did in the transaction is undone with it.
      if (error instanceof LeavingRefused) return { ok: false as const, status: 409, message: error.message };
      throw error;
    });
  if (!outcome.ok) return outcome;
  if (outcome.image) await deleteUploadIfUnused(db, config, outcome.image);
  return { ok: true };
}

class LeavingRefused extends Error {
  override name = "LeavingRefused";
}
