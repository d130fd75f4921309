// What a cart or order line holds beside its kind (the JSON `details` column): a card's links and profile, or
// an update request. The kind column says which: narrow with the guards below rather than a cast.
import type { ItemKind } from "~/catalog";
import type { CardLink } from "./cart";
import type { UpdateRequestInput } from "./update-request";

export interface CardDetails {
  links: CardLink[];
  name?: string;
  bio?: string;
}

export interface UpdateRequestDetails {
  cardNumber: string;
  name: string;
  email: string;
  action: UpdateRequestInput["updateType"];
  platform?: string;
  url?: string;
  linkToRemove?: string;
  imageUrl?: string;
  /** How ownership was proven when the request was added, or null: then an admin reviews it. */
  proof: "password" | "owner" | null;
  /** With proof 'password': a fingerprint of the password hash it was proven against (see update requests). */
  fingerprint?: string;
  /** The signed-in account that added it, if any. */
  userId?: string;
}

export type ItemDetails = CardDetails | UpdateRequestDetails;

type Line = { kind: ItemKind; details: ItemDetails };

export function isUpdateRequestLine<T extends Line>(
  line: T,
): line is T & { kind: "update-request"; details: UpdateRequestDetails } {
  return line.kind === "update-request";
}

export function isCardLine<T extends Line>(
  line: T,
): line is T & { kind: Exclude<ItemKind, "update-request">; details: CardDetails } {
  return line.kind !== "update-request";
}
