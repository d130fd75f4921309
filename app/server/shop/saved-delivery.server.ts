// The delivery address a customer saves in Settings (Billing tab): it prefills the checkout's delivery form
// for that account, ahead of the address of their last order.
import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import { type AppLoadContext, data } from "react-router";
import { customerPreferences } from "~/db/schema";
import { type Delivery, DeliverySchema } from "~/schemas/checkout";
import type { SessionUser } from "../platform/auth.server";
import type { DbOrTx } from "../platform/db.server";
import { unknownIntent } from "../platform/forms.server";
import { redirectWithToast } from "../platform/toast.server";

const BILLING_PATH = "/dashboard/settings/billing";
const ADDRESS_SAVED = "Delivery address saved";

/** The account's saved address, or null. A row that no longer passes the form's rule is ignored. */
export async function savedDeliveryFor(db: DbOrTx, userId: string): Promise<Delivery | null> {
  const [row] = await db
    .select({ saved: customerPreferences.savedDelivery })
    .from(customerPreferences)
    .where(eq(customerPreferences.userId, userId));
  const parsed = DeliverySchema.safeParse(row?.saved ?? null);
  return parsed.success ? parsed.data : null;
}

/** One upsert on the account's preferences row: the other preferences in it are left as they are. */
async function saveDeliveryAddress(db: DbOrTx, userId: string, delivery: Delivery) {
  await db
    .insert(customerPreferences)
    .values({ userId, savedDelivery: delivery })
    .onConflictDoUpdate({
      target: customerPreferences.userId,
      set: { savedDelivery: delivery, updatedAt: new Date() },
    });
}

/** The Billing tab's form posts, by intent. */
export async function handleBillingAction(
  context: Pick<AppLoadContext, "db">,
  user: SessionUser,
  form: FormData,
) {
  switch (form.get("intent")) {
    case "address":
      return addressFromForm(context, user, form);
    default:
      return unknownIntent();
  }
}

async function addressFromForm(context: Pick<AppLoadContext, "db">, user: SessionUser, form: FormData) {
  const submission = parseWithZod(form, { schema: DeliverySchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await saveDeliveryAddress(context.db, user.id, submission.value);
  return redirectWithToast(BILLING_PATH, { type: "success", title: ADDRESS_SAVED });
}
