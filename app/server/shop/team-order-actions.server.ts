// A company's 'Order cards for members': the members chosen (or everyone without a card) become one cart line, a
// card for each, so one checkout and one invoice pay for them all. The route's guard made sure the poster is one of
// the company's owners or admins; the checkout checks it again.
import { type AppLoadContext, redirect } from "react-router";
import type { TeamOrderDetails } from "~/schemas/item-details";
import type { CompanyAccess } from "../companies/companies.server";
import { addressesOf, askForAddresses } from "../companies/member-addresses.server";
import { TEAM_ORDER_MAX, teamOrderMembers } from "../companies/member-cards.server";
import { unknownIntent } from "../platform/forms.server";
import { redirectWithToast, refuseWithToast, toastHeaders } from "../platform/toast.server";
import { addTeamOrderItem, CartError } from "./cart.server";
import { ensureCart } from "./cart-actions.server";
import { parcelOptionFor } from "./pricing.server";

export const TEAM_ORDER_REFUSALS = {
  none: "Choose at least one member.",
  everyoneHasOne: "Everyone in the company has a card already.",
  tooMany: `One order holds cards for at most ${TEAM_ORDER_MAX} members: choose fewer.`,
  askedToday: "Members were asked for their addresses today. Ask again tomorrow.",
} as const;

/** Who has not given an address yet, named (a few, then how many more) so the admin knows whom to ask. */
export function noAddressRefusal(names: string[]) {
  const shown = names.slice(0, 3).join(", ");
  const more = names.length > 3 ? ` and ${names.length - 3} more` : "";
  return `No delivery address yet from ${shown}${more}. Members give theirs on the company's overview, or post the cards to one address.`;
}

export async function handleTeamOrder(
  context: AppLoadContext,
  request: Request,
  access: CompanyAccess,
  form: FormData,
) {
  switch (form.get("intent")) {
    case "order-cards":
      return orderCards(context, request, access, form);
    case "ask-addresses": {
      const asked = await askForAddresses(context.db, access, {
        shop: context.config.shop.name,
        publicUrl: context.config.publicUrl,
      });
      if (asked === null) return refuseWithToast(TEAM_ORDER_REFUSALS.askedToday, 429);
      if (asked) context.pokeOutbox();
      return redirectWithToast(`/dashboard/company/${access.company.slug}/order-cards`, {
        type: asked ? "success" : "info",
        title: asked ? "Members asked for their addresses" : "Nobody to ask",
        description: asked
          ? `${asked === 1 ? "1 member was" : `${asked} members were`} e-mailed a link to give the address to post their card to.`
          : "Every member has given an address.",
      });
    }
    default:
      return unknownIntent();
  }
}

async function orderCards(context: AppLoadContext, request: Request, access: CompanyAccess, form: FormData) {
  const everyone = form.get("choose") === "everyone-without-a-card";
  const userIds = form.getAll("member").filter((v): v is string => typeof v === "string" && v.length <= 64);
  if (!everyone && userIds.length > TEAM_ORDER_MAX) return refuseWithToast(TEAM_ORDER_REFUSALS.tooMany, 400);
  const chosen = await teamOrderMembers(
    context.db,
    access.company.id,
    everyone ? "everyone-without-a-card" : { userIds },
  );
  if (!chosen) return refuseWithToast(TEAM_ORDER_REFUSALS.tooMany, 400);
  if (!chosen.length)
    return refuseWithToast(everyone ? TEAM_ORDER_REFUSALS.everyoneHasOne : TEAM_ORDER_REFUSALS.none, 400);
  const toEachMember = form.get("postTo") === "members";
  let chosenWithAddresses: TeamOrderDetails["members"] = chosen;
  if (toEachMember) {
    const addresses = await addressesOf(
      context.db,
      access.company.id,
      chosen.map((m) => m.userId),
    );
    const missing = chosen.filter((m) => !addresses.has(m.userId)).map((m) => m.name);
    if (missing.length) return refuseWithToast(noAddressRefusal(missing), 400);
    chosenWithAddresses = chosen.map((m) => ({ ...m, parcel: parcelOptionFor(addresses.get(m.userId)!) }));
  }
  try {
    const { cart, headers } = await ensureCart(context, request);
    await addTeamOrderItem(context.db, cart.id, {
      organizationId: access.company.id,
      company: access.company.name,
      members: chosenWithAddresses,
      ...(toEachMember ? { postTo: "members" as const } : {}),
    });
    await toastHeaders(
      {
        type: "success",
        title: "Cards added to cart",
        description: `${chosen.length === 1 ? "A card" : `${chosen.length} cards`} for ${access.company.name}: one for each member chosen${toEachMember ? ", each posted to its member" : ""}.`,
      },
      headers,
    );
    return redirect("/cart", { headers });
  } catch (error) {
    if (error instanceof CartError) return refuseWithToast(error.message, error.status);
    throw error;
  }
}
