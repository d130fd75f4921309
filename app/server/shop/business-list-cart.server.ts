// Buying a business list (the Purchase Lists tab's one intent): the list goes in the cart when the lead pool can
// fill it for this buyer. cold-calling/ owns the lists and the pool; the shop sells them.
import type { AppLoadContext } from "react-router";
import { redirect } from "react-router";
import { BUSINESS_LIST } from "~/catalog";
import { BuyListSchema } from "~/schemas/business-list";
import type { BusinessListDetails } from "~/schemas/item-details";
import { businessType, LIST_MESSAGES, listShortfall } from "../cold-calling/business-lists.server";
import type { DbOrTx } from "../platform/db.server";
import { unknownIntent } from "../platform/forms.server";
import { dataWithToast, toastHeaders } from "../platform/toast.server";
import { addBusinessListItem, CartError } from "./cart.server";
import { ensureCart } from "./cart-actions.server";

/** Puts a list of this type in the cart, refused (CartError) when the pool cannot fill it for this buyer. */
export async function addBusinessListToCart(db: DbOrTx, cartId: string, userId: string, type: string) {
  const row = await businessType(db, type);
  if (!row) throw new CartError(LIST_MESSAGES.unknownType, 400);
  const details: BusinessListDetails = { businessType: row.id, label: row.label, size: BUSINESS_LIST.size };
  await addBusinessListItem(db, cartId, details, async (tx, lines) => {
    const message = await listShortfall(tx, userId, [...lines, { kind: "business-list", details }]);
    if (message) throw new CartError(message, 409);
  });
  return row;
}

export async function handleListsAction(
  context: AppLoadContext,
  request: Request,
  userId: string,
  form: FormData,
) {
  switch (String(form.get("intent") ?? "")) {
    case "buy-list":
      return buyList(context, request, userId, form);
    default:
      return unknownIntent();
  }
}

/** Puts a list in the cart and goes to the cart; refused with the reason when the pool cannot fill it. */
async function buyList(context: AppLoadContext, request: Request, userId: string, form: FormData) {
  const parsed = BuyListSchema.safeParse({ businessType: form.get("businessType") ?? undefined });
  if (!parsed.success) return refused(parsed.error.issues[0]!.message, 400);
  try {
    const { cart, headers } = await ensureCart(context, request);
    const type = await addBusinessListToCart(context.db, cart.id, userId, parsed.data.businessType);
    await toastHeaders(
      {
        type: "success",
        title: "Added to cart",
        description: `${type.label} list of ${BUSINESS_LIST.size}: complete your order to receive the businesses.`,
      },
      headers,
    );
    return redirect("/cart", { headers });
  } catch (error) {
    if (!(error instanceof CartError)) throw error;
    return refused(error.message, error.status);
  }
}

function refused(message: string, status: number) {
  return dataWithToast(
    { ok: false as const, error: message },
    { type: "error", title: "Not added to cart", description: message },
    { status },
  );
}
