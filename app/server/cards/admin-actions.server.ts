// The admin Cards tab's data and form actions (one intent each), so the route module stays a thin guard-parse-respond.

import { parseWithZod } from "@conform-to/zod/v4";
import type { Logger } from "pino";
import { data } from "react-router";
import { CreateClientSchema, ShopSchema } from "~/schemas/card-page";
import { z } from "~/schemas/zod";
import type { Database } from "../platform/db.server";
import { unknownIntent } from "../platform/forms.server";
import { cursorFromUrl } from "../platform/keyset.server";
import { dataWithToast } from "../platform/toast.server";
import { listCardPages } from "./admin-cards.server";
import { flushAnalytics } from "./analytics.server";
import { ownerIdForEmail } from "./card-owners.server";
import { allocateCardToShop, CardPageError, deleteCardPage, setCardSold } from "./cards.server";
import { announceCardPagesChanged } from "./changes.server";
import { createClientPage } from "./client-pages.server";
import { listOneLinkCardsForAdmin } from "./one-link-cards.server";
import { createShop, deleteShop, getShop, listShops, listShopsPage, updateShop } from "./shops.server";

export async function loadCardsSection(db: Database, url: URL, opts: { publicUrl: string; logger: Logger }) {
  await flushAnalytics(db, opts.logger); // counts are at most a second old; show them exact
  const q = url.searchParams.get("q") ?? "";
  const list = await listCardPages(db, { q, ...cursorFromUrl(url) });
  const shopsPage = Math.max(1, Math.min(10_000, Math.floor(Number(url.searchParams.get("shops")) || 1)));
  const { shops, page, pages } = await listShopsPage(db, shopsPage);
  const editing = url.searchParams.get("shop");
  return {
    ...list,
    shops,
    shopPages: { page, pages },
    // The dialogs in the address: the shop being edited, wherever it is listed, and every shop to move a card to.
    editedShop: editing
      ? (shops.find((s) => s.id === editing) ?? (await getShop(db, editing)) ?? null)
      : null,
    allShops: url.searchParams.get("move") ? await listShops(db) : null,
    oneLinkCards: await listOneLinkCardsForAdmin(db, q),
    publicUrl: opts.publicUrl,
  };
}

const IdSchema = z.object({ id: z.string().min(1).max(100) });
const success = (title: string, description?: string) => ({ type: "success" as const, title, description });
const error = (title: string, description?: string) => ({ type: "error" as const, title, description });

export async function handleCardsSectionAction(
  db: Database,
  formData: FormData,
  opts: { publicUrl: string; logger: Logger },
) {
  const intent = String(formData.get("intent") ?? "");
  const ok = { ok: true as const };
  try {
    switch (intent) {
      case "delete-card": {
        const { id } = IdSchema.parse(Object.fromEntries(formData));
        await deleteCardPage(db, id);
        return dataWithToast(ok, success("Card page deleted"));
      }
      case "set-sold": {
        const { id, sold } = IdSchema.extend({ sold: z.enum(["true", "false"]) }).parse(
          Object.fromEntries(formData),
        );
        await setCardSold(db, id, sold === "true");
        return dataWithToast(
          ok,
          success(sold === "true" ? "Card marked as sold" : "Card marked as not sold"),
        );
      }
      case "allocate": {
        const { id, shopId } = IdSchema.extend({ shopId: z.string().max(100).optional() }).parse(
          Object.fromEntries(formData),
        );
        await allocateCardToShop(db, id, shopId || null);
        return dataWithToast(ok, success(shopId ? "Card allocated to shop" : "Card unallocated"));
      }
      case "create-shop":
      case "update-shop": {
        const submission = parseWithZod(formData, { schema: ShopSchema });
        if (submission.status !== "success")
          return data({ ok: false as const, intent, result: submission.reply() }, { status: 400 });
        const { id, ...shop } = submission.value;
        if (intent === "update-shop" && id) await updateShop(db, id, shop);
        else await createShop(db, shop);
        return dataWithToast(
          { ...ok, intent, result: submission.reply({ resetForm: true }) },
          success(intent === "create-shop" ? "Shop created" : "Shop updated"),
        );
      }
      case "delete-shop": {
        const { id } = IdSchema.parse(Object.fromEntries(formData));
        await deleteShop(db, id);
        return dataWithToast(ok, success("Shop deleted", "Its cards are now unallocated"));
      }
      case "create-client": {
        const submission = parseWithZod(formData, { schema: CreateClientSchema });
        if (submission.status !== "success")
          return data({ ok: false as const, intent, result: submission.reply() }, { status: 400 });
        let page: Awaited<ReturnType<typeof createClientPage>>;
        try {
          // The owner is looked up in the transaction that writes the page.
          page = await db.transaction(async (tx) =>
            createClientPage(
              tx,
              { ...submission.value, ownerUserId: await ownerIdForEmail(tx, submission.value.ownerEmail) },
              { announce: false },
            ),
          );
        } catch (thrown) {
          if (thrown instanceof CardPageError && thrown.field === "ownerEmail")
            return data(
              {
                ok: false as const,
                intent,
                result: submission.reply({ fieldErrors: { ownerEmail: [thrown.message] } }),
              },
              { status: 400 },
            );
          throw thrown;
        }
        announceCardPagesChanged([page.slug]);
        const url = `${opts.publicUrl}/${page.slug}`;
        return dataWithToast(
          {
            ...ok,
            intent,
            result: submission.reply({ resetForm: true }),
            created: { url, cardNumber: page.cardNumber, password: page.password },
          },
          success(
            "Client page created successfully",
            `${url} (card #${page.cardNumber}, edit password ${page.password})`,
          ),
        );
      }
      default:
        return unknownIntent();
    }
  } catch (thrown) {
    const failed = { ok: false as const };
    if (thrown instanceof z.ZodError)
      return dataWithToast(failed, error("The request was not understood"), { status: 400 });
    if (thrown instanceof CardPageError) {
      const toast =
        intent === "create-client"
          ? error("Failed to create client page", thrown.message)
          : error(thrown.message);
      return dataWithToast(failed, toast, { status: thrown.status });
    }
    opts.logger.error({ err: thrown, intent }, "cards tab action failed");
    const messages: Record<string, string> = {
      "delete-card": "Failed to delete card page",
      "set-sold": "Failed to update card sold status",
      allocate: "Failed to allocate card to shop",
      "create-shop": "Failed to create shop",
      "update-shop": "Failed to update shop",
      "delete-shop": "Failed to delete shop",
      "create-client": "Failed to create client page",
    };
    return dataWithToast(
      failed,
      error(messages[intent] ?? "Something went wrong", "Please try again later."),
      { status: 500 },
    );
  }
}

type Replyable<R> = {
  reply(options: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }): R;
};

/**
 * The card form's answer when a save fails: a refused write (duplicate slug, reserved slug...) goes beside its
 * field or above the form; anything unexpected is logged and gets the given message.
 */
export function cardFormFailure<R>(
  submission: Replyable<R>,
  error: unknown,
  logger: { error: (o: object, m: string) => void },
  message: string,
) {
  if (error instanceof CardPageError) {
    const result = error.field
      ? submission.reply({ fieldErrors: { [error.field]: [error.message] } })
      : submission.reply({ formErrors: [error.message] });
    return data({ result }, { status: error.status });
  }
  logger.error({ err: error }, message);
  return data({ result: submission.reply({ formErrors: [message] }) }, { status: 500 });
}
