// How a cart or order item reads in lists, e-mails and receipts. Browser-safe.

interface Link {
  label?: string;
  platform?: string;
  url: string;
}

export interface ItemLike {
  kind: string;
  details: unknown;
}

const ACTION_LABELS: Record<string, string> = {
  "add-link": "Add a link",
  "remove-link": "Remove a link",
  "replace-link": "Change a link",
  "change-image": "Change profile image",
};

export function itemLinks(item: ItemLike): Link[] {
  const d = item.details as { links?: Link[] } | null;
  return Array.isArray(d?.links) ? d.links : [];
}

/** A physical card: the only kind of line with links of its own and a quantity above one. */
export function isCardItem(item: ItemLike) {
  return item.kind === "one-link" || item.kind === "multi-link";
}

/**
 * True for a card with no link that has an address: such a card cannot go into the cart nor be ordered.
 * Update requests and business lists carry no links.
 */
export function lacksLink(item: ItemLike) {
  if (!isCardItem(item) || forExistingHolders(item)) return false;
  return !itemLinks(item).some((l) => typeof l.url === "string" && l.url.trim() !== "");
}

/** The card number a replacement card is for, or null for any other line. */
const replacementOf = (item: ItemLike) =>
  (item.details as { replacementFor?: { cardNumber: string } } | null)?.replacementFor?.cardNumber ?? null;

/** A company's order of cards for its members: the company and the members, in unit order; else null. */
export const teamOf = (item: ItemLike) =>
  (item.details as { forMembers?: { company: string; members: { name: string }[] } } | null)?.forMembers ??
  null;

/** A card made for a page that exists or is made for someone else: a replacement, or a company's team order. */
export const forExistingHolders = (item: ItemLike) => Boolean(replacementOf(item) || teamOf(item));

const TEAM_NAMES_SHOWN = 5;

/** One line describing what the item is for. */
export function itemSummary(item: ItemLike) {
  const d = (item.details ?? {}) as Record<string, unknown>;
  const replaced = replacementOf(item);
  if (replaced) return `Replaces card ${replaced}`;
  const team = teamOf(item);
  if (team) {
    const names = team.members.slice(0, TEAM_NAMES_SHOWN).map((m) => m.name);
    const more = team.members.length - names.length;
    return `For ${team.company}: ${names.join(", ")}${more > 0 ? ` and ${more} more` : ""}`;
  }
  if (item.kind === "business-list") return `${d.label}: ${d.size} businesses`;
  if (item.kind === "update-request") {
    const link = d.link as { title?: string; url?: string } | undefined;
    const what =
      d.action === "add-link"
        ? link
          ? `${link.title} ${link.url}`
          : `${d.platform ?? ""} ${d.url ?? ""}`.trim()
        : d.action === "remove-link"
          ? String(d.linkToRemove ?? "")
          : d.action === "replace-link"
            ? `${d.linkToRemove ?? ""} becomes ${link?.title ?? ""} ${link?.url ?? ""}`
            : "new profile image";
    return `Card ${d.cardNumber}: ${ACTION_LABELS[String(d.action)] ?? d.action} (${what})`;
  }
  const links = itemLinks(item)
    .map((l) => `${l.label ?? l.platform}: ${l.url}`)
    .join(", ");
  const name = typeof d.name === "string" && d.name ? `${d.name}; ` : "";
  return `${name}${links}`;
}
