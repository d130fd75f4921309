// The Cards tab's form actions (one intent each), so the route module stays a thin guard-parse-respond.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { z } from "zod";
import { CreateClientSchema, ShopSchema } from "~/schemas/card-page";
import type { Database } from "../platform/db.server";
import { toastHeaders } from "../platform/toast.server";
import { allocateCardToShop, CardPageError, deleteCardPage, setCardSold } from "./cards.server";
import { createClientPage } from "./client-pages.server";
import { createShop, deleteShop, updateShop } from "./shops.server";

const IdSchema = z.object({ id: z.string().min(1).max(100) });

async function ok(title: string, description?: string, extra: Record<string, unknown> = {}) {
  return data(
    { ok: true as const, ...extra },
    { headers: await toastHeaders({ type: "success", title, description }) },
  );
}

async function fail(title: string, description?: string, status = 400) {
  return data(
    { ok: false as const },
    { status, headers: await toastHeaders({ type: "error", title, description }) },
  );
}

export async function handleCardsTabAction(
  db: Database,
  formData: FormData,
  opts: { publicUrl: string; logger: { error: (o: object, m: string) => void } },
) {
  const intent = String(formData.get("intent") ?? "");
  try {
    switch (intent) {
      case "delete-card": {
        const { id } = IdSchema.parse(Object.fromEntries(formData));
        await deleteCardPage(db, id);
        return ok("Card page deleted");
      }
      case "set-sold": {
        const { id, sold } = IdSchema.extend({ sold: z.enum(["true", "false"]) }).parse(
          Object.fromEntries(formData),
        );
        await setCardSold(db, id, sold === "true");
        return ok(sold === "true" ? "Card marked as sold" : "Card marked as not sold");
      }
      case "allocate": {
        const { id, shopId } = IdSchema.extend({ shopId: z.string().max(100).optional() }).parse(
          Object.fromEntries(formData),
        );
        await allocateCardToShop(db, id, shopId || null);
        return ok(shopId ? "Card allocated to shop" : "Card unallocated");
      }
      case "create-shop":
      case "update-shop": {
        const submission = parseWithZod(formData, { schema: ShopSchema });
        if (submission.status !== "success")
          return data({ ok: false as const, intent, result: submission.reply() }, { status: 400 });
        const { id, ...shop } = submission.value;
        if (intent === "update-shop" && id) await updateShop(db, id, shop);
        else await createShop(db, shop);
        return ok(intent === "create-shop" ? "Shop created" : "Shop updated", undefined, {
          intent,
          result: submission.reply({ resetForm: true }),
        });
      }
      case "delete-shop": {
        const { id } = IdSchema.parse(Object.fromEntries(formData));
        await deleteShop(db, id);
        return ok("Shop deleted", "Its cards are now unallocated");
      }
      case "create-client": {
        const submission = parseWithZod(formData, { schema: CreateClientSchema });
        if (submission.status !== "success")
          return data({ ok: false as const, intent, result: submission.reply() }, { status: 400 });
        const page = await createClientPage(db, submission.value);
        const url = `${opts.publicUrl}/${page.slug}`;
        return ok(
          "Client page created successfully",
          `${url} (card #${page.cardNumber}, edit password ${page.password})`,
          {
            intent,
            result: submission.reply({ resetForm: true }),
            created: { url, cardNumber: page.cardNumber, password: page.password },
          },
        );
      }
      default:
        return fail("Unknown action");
    }
  } catch (error) {
    if (error instanceof z.ZodError) return fail("The request was not understood");
    if (error instanceof CardPageError) {
      if (intent === "create-client")
        return fail("Failed to create client page", error.message, error.status);
      return fail(error.message, undefined, error.status);
    }
    opts.logger.error({ err: error, intent }, "cards tab action failed");
    const messages: Record<string, string> = {
      "delete-card": "Failed to delete card page",
      "set-sold": "Failed to update card sold status",
      allocate: "Failed to allocate card to shop",
      "create-shop": "Failed to create shop",
      "update-shop": "Failed to update shop",
      "delete-shop": "Failed to delete shop",
      "create-client": "Failed to create client page",
    };
    return fail(messages[intent] ?? "Something went wrong", "Please try again later.", 500);
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
