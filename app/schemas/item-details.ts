// What a cart or order line holds beside its kind (the JSON `details` column): a card's links and profile, an
// update request, or a business list. The kind column says which: narrow with the guards below rather than a cast.
import { type CardType, type ItemKind, isCardKind } from "~/catalog";
import type { DeliveryOptionId } from "~/delivery-options";
import type { CardLink } from "./link-rules";
import type { UpdateRequestInput } from "./update-request";

export interface CardDetails {
  links: CardLink[];
  name?: string;
  bio?: string;
  /** A replacement for a lost card of an existing page: no new page, a new physical card for that one. */
  replacementFor?: ReplacementDetails;
  /** Cards a company orders for its people: one per member, each for that member's company page. */
  forMembers?: TeamOrderDetails;
}

export interface TeamOrderDetails {
  organizationId: string;
  company: string;
  /**
   * The line's quantity is their number. Posted to each member, each carries the option its parcel is charged at,
   * from the country of the address the member gave; the address itself stays out of the cart and the order's
   * lines (the buyer reads those), and is read when the order is placed.
   */
  members: { userId: string; name: string; parcel?: DeliveryOptionId }[];
  /** 'members': a parcel to each member's address; absent: with the order, to the address given at checkout. */
  postTo?: "members";
}

export interface ReplacementDetails {
  cardPageId: string;
  cardNumber: string;
  /** The lost physical card, or null for one written with the page's own address (an older card). */
  physicalCardId: string | null;
}

export type UpdateRequestAction = UpdateRequestInput["updateType"] | "replace-link";

export interface UpdateRequestDetails {
  cardNumber: string;
  name: string;
  email: string;
  /** The public form's three, or 'replace-link': an owner's edit of one link from My Links. */
  action: UpdateRequestAction;
  platform?: string;
  url?: string;
  /** The address of the link to remove (or, for replace-link, the one replaced), as the buyer saw it. */
  linkToRemove?: string;
  /** From My Links: the card link the change is for (remove-link, replace-link); it must still be on the card. */
  linkId?: string;
  /** From My Links: the link exactly as it goes on the card (add-link, replace-link), URL already normalised. */
  link?: { title: string; url: string; icon: string };
  imageUrl?: string;
  /** How ownership was proven when the request was added, or null: then an admin reviews it. */
  proof: "password" | "owner" | null;
  /** With proof 'password': a fingerprint of the password hash it was proven against (see update requests). */
  fingerprint?: string;
  /** The signed-in account that added it, if any. */
  userId?: string;
}

/** A business list: which type of business, as the buyer saw it, and how many it holds. */
export interface BusinessListDetails {
  businessType: string;
  label: string;
  size: number;
}

export type ItemDetails = CardDetails | UpdateRequestDetails | BusinessListDetails;

type Line = { kind: ItemKind; details: ItemDetails };

export function isUpdateRequestLine<T extends Line>(
  line: T,
): line is T & { kind: "update-request"; details: UpdateRequestDetails } {
  return line.kind === "update-request";
}

export function isCardLine<T extends Line>(line: T): line is T & { kind: CardType; details: CardDetails } {
  return isCardKind(line.kind);
}

export function isBusinessListLine<T extends Line>(
  line: T,
): line is T & { kind: "business-list"; details: BusinessListDetails } {
  return line.kind === "business-list";
}
