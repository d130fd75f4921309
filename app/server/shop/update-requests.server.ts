// Paid link updates (docs/product.md#update-requests): applied to the card page when ownership is proven,
// otherwise kept for the admin's review queue. Each request row is the history of the change it made.
import { createHash } from "node:crypto";
import { and, asc, count, eq } from "drizzle-orm";
import { cardPages, orders, updateRequests } from "~/db/schema";
import { linkHref } from "~/schemas/link-rules";
import { updatePlatformRule } from "~/schemas/update-request";
import { normalizeLinkUrl } from "~/utils/card-links";
import { isUuid } from "~/utils/ids";
import { getCardPageById } from "../cards/card-reads.server";
import { type CardLinkInput, updateCardPage } from "../cards/cards.server";
import { checkEditPassword } from "../cards/edit-passwords.server";
import type { DbOrTx, Tx } from "../platform/db.server";

export type UpdateRequestRow = typeof updateRequests.$inferSelect;

/** A fingerprint of the card's stored password hash: a request proven by password is applied only if the
 * password has not changed since. Never the hash itself, as item details reach the browser. */
function fingerprint(passwordHash: string) {
  return createHash("sha256").update(passwordHash).digest("base64url").slice(0, 22);
}

/**
 * How the buyer proves they own the card when adding the request: the signed-in owner, or the card's edit
 * password (limited per card number, and checked with the same work whether or not the number is a card's).
 * Returns what to store with the cart item, or `limited` when that card's password tries are used up.
 */
export async function proveOwnership(
  db: DbOrTx,
  cardNumber: string,
  opts: { userId: string | null; editPassword?: string },
): Promise<{ proof: "owner" | "password" | null; fingerprint?: string; limited?: true }> {
  const [card] = await db
    .select({ ownerUserId: cardPages.ownerUserId, passwordHash: cardPages.passwordHash })
    .from(cardPages)
    .where(eq(cardPages.cardNumber, cardNumber));
  if (opts.userId && card && card.ownerUserId === opts.userId) return { proof: "owner" };
  if (!opts.editPassword) return { proof: null };
  const check = await checkEditPassword(db, cardNumber, opts.editPassword, card?.passwordHash ?? null);
  if (check === "limited") return { proof: null, limited: true };
  if (check === "right" && card) return { proof: "password", fingerprint: fingerprint(card.passwordHash) };
  return { proof: null };
}

const ICONS: Record<string, string> = {
  Instagram: "instagram",
  Facebook: "facebook",
  Twitter: "twitter",
  LinkedIn: "linkedin",
  YouTube: "youtube",
  Email: "mail",
  Phone: "phone",
  WhatsApp: "phone",
};

/** Compares links in their stored form (so 'café' matches the 'caf%C3%A9' on the card), leniently. */
function sameUrl(a: string, b: string) {
  const norm = (u: string) => normalizeLinkUrl(u).replace(/\/+$/, "").toLowerCase();
  return norm(a) === norm(b);
}

type Outcome = { status: "applied" | "pending_review"; note: string };

async function tryApply(tx: Tx, request: UpdateRequestRow): Promise<Outcome> {
  const d = request.details;
  const [card] = await tx
    .select({ id: cardPages.id, ownerUserId: cardPages.ownerUserId, passwordHash: cardPages.passwordHash })
    .from(cardPages)
    .where(eq(cardPages.cardNumber, request.cardNumber))
    .for("update");
  if (!card) return { status: "pending_review", note: "No card page has this card number" };
  const proven =
    (d.proof === "owner" && d.userId && card.ownerUserId === d.userId) ||
    (d.proof === "password" && d.fingerprint === fingerprint(card.passwordHash));
  if (!proven) return { status: "pending_review", note: "Ownership not proven: waiting for review" };
  return applyToCard(tx, card.id, request);
}

/** Makes the change on the card page (used automatically and by the admin's 'Apply'). */
async function applyToCard(tx: Tx, cardPageId: string, request: UpdateRequestRow): Promise<Outcome> {
  const d = request.details;
  // The links are read, changed and written back whole: the card is locked first, so a change committed
  // meanwhile (another request applied, an edit) is read, not overwritten.
  await tx.select({ id: cardPages.id }).from(cardPages).where(eq(cardPages.id, cardPageId)).for("update");
  const page = await getCardPageById(tx, cardPageId);
  if (!page) return { status: "pending_review", note: "No card page has this card number" };
  let links: CardLinkInput[] = page.links;
  let profileImageUrl = page.profileImageUrl ?? undefined;
  if (request.action === "add-link") {
    if (d.link) {
      links = [...links, { title: d.link.title, url: d.link.url, icon: d.link.icon }];
    } else {
      const platform = d.platform ?? "Website";
      const url = linkHref({ platform: updatePlatformRule(platform), url: d.url ?? "" });
      links = [...links, { title: platform, url, icon: ICONS[platform] ?? "globe" }];
    }
  } else if (request.action === "remove-link") {
    const target = d.linkToRemove ?? "";
    // From My Links the link is named by its id: only that one goes, even if another has the same address.
    const kept = d.linkId
      ? links.filter((l) => l.id !== d.linkId)
      : links.filter(
          (l) => !sameUrl(l.url, target) && !sameUrl(l.url, linkHref({ platform: "website", url: target })),
        );
    if (kept.length === links.length)
      return { status: "pending_review", note: "The link to remove is not on the card: waiting for review" };
    links = kept;
  } else if (request.action === "replace-link") {
    const replacement = d.link;
    // Changed in place, keeping its id: its click counts and its position on the card stay.
    if (!replacement || !links.some((l) => l.id === d.linkId))
      return { status: "pending_review", note: "The link to change is not on the card: waiting for review" };
    links = links.map((l) => (l.id === d.linkId ? { ...replacement, id: l.id } : l));
  } else {
    if (!d.imageUrl) return { status: "pending_review", note: "No image was uploaded" };
    profileImageUrl = d.imageUrl;
  }
  await updateCardPage(tx, page.id, {
    name: page.name,
    businessName: page.businessName ?? undefined,
    slug: page.slug,
    bio: page.bio ?? undefined,
    contactEmail: page.contactEmail ?? undefined,
    contactPhone: page.contactPhone ?? undefined,
    profileImageUrl,
    shopId: page.shopId ?? undefined,
    links,
  });
  return { status: "applied", note: `Applied to card page /${page.slug}` };
}

/** The paid pipeline's one call: applies the request when ownership is proven, else queues it for review. */
export async function applyOrQueueUpdateRequest(tx: Tx, request: UpdateRequestRow) {
  const outcome = await tryApply(tx, request);
  await tx
    .update(updateRequests)
    .set({
      status: outcome.status,
      note: outcome.note,
      ...(outcome.status === "applied" ? { decidedBy: "automatic", decidedAt: new Date() } : {}),
    })
    .where(eq(updateRequests.id, request.id));
  return outcome;
}

export class ReviewError extends Error {
  override name = "ReviewError";
}

/** The admin's decision on a queued request. */
export async function reviewUpdateRequest(
  db: DbOrTx,
  id: string,
  decision: "apply" | "reject",
  admin: { label: string },
) {
  if (!isUuid(id)) throw new ReviewError("Update request not found");
  return db.transaction(async (tx) => {
    const [request] = await tx.select().from(updateRequests).where(eq(updateRequests.id, id)).for("update");
    if (request?.status !== "pending_review") throw new ReviewError("This request has already been decided");
    if (decision === "reject") {
      await tx
        .update(updateRequests)
        .set({ status: "rejected", decidedBy: admin.label, decidedAt: new Date() })
        .where(eq(updateRequests.id, id));
      return { status: "rejected" as const };
    }
    const [card] = await tx
      .select({ id: cardPages.id })
      .from(cardPages)
      .where(eq(cardPages.cardNumber, request.cardNumber));
    if (!card) throw new ReviewError(`No card page has the number ${request.cardNumber}`);
    const outcome = await applyToCard(tx, card.id, request);
    if (outcome.status !== "applied") throw new ReviewError(outcome.note);
    await tx
      .update(updateRequests)
      .set({ status: "applied", note: outcome.note, decidedBy: admin.label, decidedAt: new Date() })
      .where(eq(updateRequests.id, id));
    return { status: "applied" as const };
  });
}

export async function listUpdateRequestQueue(db: DbOrTx, opts: { limit?: number } = {}) {
  const rows = await db
    .select({
      id: updateRequests.id,
      cardNumber: updateRequests.cardNumber,
      action: updateRequests.action,
      details: updateRequests.details,
      note: updateRequests.note,
      createdAt: updateRequests.createdAt,
      orderNumber: orders.orderNumber,
    })
    .from(updateRequests)
    .innerJoin(orders, eq(orders.id, updateRequests.orderId))
    .where(and(eq(updateRequests.status, "pending_review")))
    .orderBy(asc(updateRequests.createdAt))
    .limit(opts.limit ?? 50);
  const [total] = await db
    .select({ n: count() })
    .from(updateRequests)
    .where(eq(updateRequests.status, "pending_review"));
  return { rows, total: total?.n ?? 0 };
}
