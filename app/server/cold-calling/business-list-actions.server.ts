// The Purchase Lists tab: what it shows (types, price, the customer's lists) and its one intent, buying a list.
import type { AppLoadContext } from "react-router";
import { redirect } from "react-router";
import { BUSINESS_LIST } from "~/catalog";
import { BuyListSchema } from "~/schemas/business-list";
import { unknownIntent } from "../platform/forms.server";
import { dataWithToast, toastHeaders } from "../platform/toast.server";
import { CartError } from "../shop/cart.server";
import { ensureCart } from "../shop/cart-actions.server";
import { addBusinessListToCart, businessTypesInStock, purchasedLists } from "./business-lists.server";

export async function loadListsSection(context: AppLoadContext, userId: string) {
  return {
    // Only the types with at least one full list in stock for this buyer are offered.
    types: await businessTypesInStock(context.db, userId),
    price: BUSINESS_LIST.price,
    size: BUSINESS_LIST.size,
    lists: await purchasedLists(context.db, userId),
  };
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
