// The Purchase Lists tab: what it shows (types, price, the customer's lists). Buying one is the shop's
// (shop/business-list-cart.server.ts).
import type { AppLoadContext } from "react-router";
import { BUSINESS_LIST } from "~/catalog";
import { businessTypesInStock, purchasedLists } from "./business-lists.server";

export async function loadListsSection(context: AppLoadContext, userId: string) {
  return {
    // Only the types with at least one full list in stock for this buyer are offered.
    types: await businessTypesInStock(context.db, userId),
    price: BUSINESS_LIST.price,
    size: BUSINESS_LIST.size,
    lists: await purchasedLists(context.db, userId),
  };
}
