// The delivery address a customer saves in Settings (Billing tab): it prefills the checkout's delivery form
// for that account, ahead of the address of their last order.
import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import { type AppLoadContext, data } from "react-router";
import { customerPreferences } from "~/db/schema";
import { type Delivery, DeliverySchema } from "~/schemas/checkout";
import { countryCodeFor } from "~/utils/countries";
import type { SessionUser } from "../accounts/session.server";
import type { DbOrTx } from "../platform/db.server";
import { redirectWithToast } from "../platform/toast.server";

const BILLING_PATH = "/dashboard/settings/billing";
const ADDRESS_SAVED = "Delivery address saved";

/** An address kept from before, as a delivery form starts with it. */
export interface AddressPrefill {
  values: Record<string, string>;
  /** True when it passes the form's rule as it is. */
  valid: boolean;
  /** What was typed as the country when Country was free text and names no country: to be chosen again. */
  countryToChoose: string | null;
}

/**
 * A saved address, a cart's or an order's as form values. A country typed as free text before Country was a
 * list becomes its ISO code when it names one ('United Kingdom', 'UK', 'France'); otherwise it is left empty,
 * with what was typed, for the customer to choose again.
 */
export function addressPrefill(raw: unknown): AddressPrefill | null {
  if (!raw || typeof raw !== "object") return null;
  const parsed = DeliverySchema.safeParse(raw);
  if (parsed.success)
    return { values: parsed.data as Record<string, string>, valid: true, countryToChoose: null };
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>))
    if (key in DeliverySchema.shape && typeof value === "string") values[key] = value.slice(0, 200);
  const typed = (values.country ?? "").trim();
  const code = countryCodeFor(typed);
  values.country = code ?? "";
  return { values, valid: false, countryToChoose: code || !typed ? null : typed.slice(0, 100) };
}

/** The line beside Country asking for it again, for a country typed before Country was a list. */
export function countryHint(countryToChoose: string | null) {
  return countryToChoose
    ? `We could not find “${countryToChoose}” in our list of countries: please choose your country again.`
    : null;
}

/** The account's saved address as the form starts with it, or null when none is saved. */
export async function savedDeliveryFor(db: DbOrTx, userId: string): Promise<AddressPrefill | null> {
  const [row] = await db
    .select({ saved: customerPreferences.savedDelivery })
    .from(customerPreferences)
    .where(eq(customerPreferences.userId, userId));
  return addressPrefill(row?.saved ?? null);
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

export async function addressFromForm(
  context: Pick<AppLoadContext, "db">,
  user: SessionUser,
  form: FormData,
) {
  const submission = parseWithZod(form, { schema: DeliverySchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await saveDeliveryAddress(context.db, user.id, submission.value);
  return redirectWithToast(BILLING_PATH, { type: "success", title: ADDRESS_SAVED });
}
