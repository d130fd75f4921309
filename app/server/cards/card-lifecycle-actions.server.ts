// The form posts that change a card's state: the owner's from My Cards and the admin's from the card view. Each
// checks who may act on which card, then calls physical-cards.server.ts (a replacement is the shop's: it checks here
// that one may be ordered, through replacementRequest, and goes to the cart). The
// admin's changes are the shop's: the owner's posts cannot undo them, and are told how to reach support.
import { parseWithZod } from "@conform-to/zod/v4";
import { and, eq } from "drizzle-orm";
import { type AppLoadContext, data } from "react-router";
import { cardPages, physicalCards } from "~/db/schema";
import { AdminCardLifecycleSchema, CardLifecycleSchema } from "~/schemas/card-lifecycle";
import type { SessionUser } from "../accounts/session.server";
import type { DbOrTx } from "../platform/db.server";
import { redirectWithToast, refuseWithToast } from "../platform/toast.server";
import { cardLifecycle } from "./card-lifecycle.server";
import { setCardPaused, setOlderCardsOff } from "./card-page-state.server";
import { SHOP_OFF_REASON } from "./card-status.server";
import {
  CardLifecycleError,
  createPhysicalCard,
  type LifecycleActor,
  markPhysicalCardNotWritten,
  markPhysicalCardWritten,
  ShopHoldError,
  setPhysicalCardOff,
} from "./physical-cards.server";

const actorOf = (user: SessionUser, by: "owner" | "shop"): LifecycleActor => ({
  userId: user.id,
  label: user.email,
  by,
});

/** How the owner reaches the shop about its takedown: the support address and the contact page. */
const reachSupport = (supportEmail: string) => `Write to ${supportEmail} or use the contact page (/contact).`;

/** The customer's own card with this number, or a 404 (another customer's card is not told apart from none). */
async function ownedPage(db: DbOrTx, user: SessionUser, raw: FormDataEntryValue | null) {
  const cardNumber = typeof raw === "string" && raw.length <= 6 ? raw.trim().toUpperCase() : "";
  if (!/^WC\d{4}$/.test(cardNumber)) throw data("Card not found", { status: 404 });
  const [page] = await db
    .select({ id: cardPages.id, cardNumber: cardPages.cardNumber })
    .from(cardPages)
    .where(and(eq(cardPages.cardNumber, cardNumber), eq(cardPages.ownerUserId, user.id)));
  if (!page) throw data("Card not found", { status: 404 });
  return page;
}

/** A physical card of this page (or 'older'); anything else is refused. */
async function assertCardOfPage(db: DbOrTx, cardPageId: string, physicalCardId: string) {
  if (physicalCardId === "older") return;
  const [card] = await db
    .select({ id: physicalCards.id })
    .from(physicalCards)
    .where(and(eq(physicalCards.id, physicalCardId), eq(physicalCards.cardPageId, cardPageId)));
  if (!card) throw data("Card not found", { status: 404 });
}

/** A replacement only where My Cards offers one: not for a card still being made or already being replaced. */
async function assertReplaceable(db: DbOrTx, cardPageId: string, physicalCardId: string) {
  const status = (await cardLifecycle(db, cardPageId, "owner"))?.status;
  const line =
    physicalCardId === "older" ? status?.older : status?.cards.find((c) => c.id === physicalCardId);
  if (!line) throw data("Card not found", { status: 404 });
  if (line.canOrderReplacement) return;
  if (line.state === "Being made") throw new CardLifecycleError("This card is still being made.", 409);
  throw new CardLifecycleError("A replacement for this card is already ordered.", 409);
}

async function turnOff(db: DbOrTx, pageId: string, id: string, off: boolean, actor: LifecycleActor) {
  if (id === "older") return setOlderCardsOff(db, pageId, off, actor);
  return setPhysicalCardOff(db, id, off, actor, { cardPageId: pageId, reason: "lost" });
}

/**
 * An owner's 'Order a replacement' checked against the card's state: the card, which physical card it replaces
 * (null for 'older'), and a way to turn the lost one off once the replacement is in the cart.
 */
export async function replacementRequest(db: DbOrTx, user: SessionUser, form: FormData) {
  const page = await ownedPage(db, user, form.get("cardNumber"));
  const submission = parseWithZod(form, { schema: CardLifecycleSchema });
  if (submission.status !== "success" || submission.value.intent !== "order-replacement")
    throw data("Choose which card to replace", { status: 400 });
  const { physicalCardId, turnOffNow } = submission.value;
  await assertReplaceable(db, page.id, physicalCardId);
  return {
    page,
    replaces: physicalCardId === "older" ? null : physicalCardId,
    turnOffNow,
    turnOffLost: () => turnOff(db, page.id, physicalCardId, true, actorOf(user, "owner")),
  };
}

/** My Cards' card state posts: pause, resume, report lost, turn a card back on. */
export async function handleOwnerLifecycle(context: AppLoadContext, user: SessionUser, form: FormData) {
  const page = await ownedPage(context.db, user, form.get("cardNumber"));
  const submission = parseWithZod(form, { schema: CardLifecycleSchema });
  if (submission.status !== "success") return refuseWithToast("Choose what to turn off");
  const input = submission.value;
  const actor = actorOf(user, "owner");
  const back = `/dashboard/cards?card=${page.cardNumber}`;
  const done = (title: string, description?: string) =>
    redirectWithToast(back, { type: "success", title, description });
  try {
    switch (input.intent) {
      case "pause":
        await setCardPaused(context.db, page.id, true, actor);
        return done("Card paused", "Its page now says it is paused. Resume it at any time.");
      case "resume":
        await setCardPaused(context.db, page.id, false, actor);
        return done("Card resumed", "Its page is live again.");
      case "report-lost":
        await assertCardOfPage(context.db, page.id, input.physicalCardId);
        if (input.choice === "page") {
          await setCardPaused(context.db, page.id, true, actor);
          return done("Card paused", "The whole page is paused until you resume it.");
        }
        await turnOff(context.db, page.id, input.physicalCardId, true, actor);
        return done("Card turned off", "The lost card no longer opens your page. Your page stays live.");
      case "card-on":
        await assertCardOfPage(context.db, page.id, input.physicalCardId);
        await turnOff(context.db, page.id, input.physicalCardId, false, actor);
        return done("Card turned back on");
    }
  } catch (error) {
    if (error instanceof CardLifecycleError) return supportReply(context, error);
    throw error;
  }
}

/** A refused change as the owner is told it: a change the shop made names how to reach support. */
export function supportReply(context: Pick<AppLoadContext, "config">, error: CardLifecycleError) {
  const help = error instanceof ShopHoldError ? ` ${reachSupport(context.config.mail.support)}` : "";
  return refuseWithToast(`${error.message}${help}`, error.status);
}

/** The admin card view's state posts; every card is the admin's to change. */
export async function handleAdminLifecycle(
  context: AppLoadContext,
  admin: SessionUser,
  cardPageId: string,
  form: FormData,
) {
  const submission = parseWithZod(form, { schema: AdminCardLifecycleSchema });
  if (submission.status !== "success") return refuseWithToast("Unknown card");
  const input = submission.value;
  const actor = actorOf(admin, "shop");
  const db = context.db;
  const [page] = await db.select({ id: cardPages.id }).from(cardPages).where(eq(cardPages.id, cardPageId));
  if (!page) throw data("Card not found", { status: 404 });
  const back = `/admin-dashboard/edit/${cardPageId}`;
  const done = (title: string) => redirectWithToast(back, { type: "success", title });
  try {
    switch (input.intent) {
      case "pause":
        await setCardPaused(db, cardPageId, true, actor);
        return done("Card paused");
      case "resume":
        await setCardPaused(db, cardPageId, false, actor);
        return done("Card resumed");
      case "card-off":
      case "card-on":
        await assertCardOfPage(db, cardPageId, input.physicalCardId);
        if (input.physicalCardId === "older")
          await setOlderCardsOff(db, cardPageId, input.intent === "card-off", actor);
        else
          await setPhysicalCardOff(db, input.physicalCardId, input.intent === "card-off", actor, {
            cardPageId,
            reason: SHOP_OFF_REASON,
          });
        return done(input.intent === "card-off" ? "Card turned off" : "Card turned back on");
      case "mark-written":
        await assertCardOfPage(db, cardPageId, input.physicalCardId);
        await markPhysicalCardWritten(db, input.physicalCardId, actor);
        return done("Card marked written");
      case "mark-not-written":
        await assertCardOfPage(db, cardPageId, input.physicalCardId);
        await markPhysicalCardNotWritten(db, input.physicalCardId, actor);
        return done("Card marked not written");
      case "add-card":
        await createPhysicalCard(db, { cardPageId }, actor);
        return done("Physical card added");
    }
  } catch (error) {
    if (error instanceof CardLifecycleError) return refuseWithToast(error.message, error.status);
    throw error;
  }
}
