// The Design page's form posts, one intent each: save the design, reset it to the default, upload or remove its
// cover and logo, show, hide or move one link, and put them all in a dragged order. Each is the owner's own card
// only (or any card, for the admin), and free (no update request, nothing to pay).
import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "react-router";
import { CardDesignSchema, chosenBrand } from "~/schemas/card-design";
import { isUuid } from "~/utils/ids";
import { unknownIntent } from "../platform/forms.server";
import { acceptDesignImage } from "../platform/images.server";
import { redirectWithToast, refuseWithToast } from "../platform/toast.server";
import {
  type DesignCard,
  moveLink,
  reorderLinks,
  resetCardDesign,
  saveCardDesign,
  setDesignImage,
  setLinkHidden,
} from "./card-design.server";

/** A dragged order is capped before it is split: the 30 links a card may have, each a 36-character id and a comma. */
export const LINK_ORDER_MAX_LENGTH = 30 * 37;

/** `card` is the owner's own (ownedCard) or, for the admin, any (cardForAdmin); `back` is the Design page's address. */
export async function handleCardDesignAction(
  context: Pick<AppLoadContext, "db" | "config">,
  card: DesignCard,
  back: string,
  form: FormData,
) {
  const done = (title: string) => redirectWithToast(back, { type: "success", title });
  const intent = form.get("intent");
  switch (intent) {
    case "save-design": {
      form.set("brand", chosenBrand(form));
      const submission = parseWithZod(form, { schema: CardDesignSchema });
      if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
      await saveCardDesign(context.db, card.id, submission.value);
      return done("Design saved");
    }
    case "reset-design":
      await resetCardDesign(context.db, card.id);
      return done("Design reset to default");
    case "upload-cover":
    case "upload-logo": {
      const kind = intent === "upload-cover" ? "cover" : "logo";
      const outcome = await acceptDesignImage(context.config, kind, form.get("image"));
      if (!outcome.ok) {
        if (outcome.status === 500) throw outcome.cause;
        return refuseWithToast(outcome.message, outcome.status);
      }
      await setDesignImage(context.db, context.config, card, kind, outcome.url);
      return done(kind === "cover" ? "Cover image saved" : "Logo saved");
    }
    case "remove-cover":
    case "remove-logo": {
      const kind = intent === "remove-cover" ? "cover" : "logo";
      await setDesignImage(context.db, context.config, card, kind, null);
      return done(kind === "cover" ? "Cover image removed" : "Logo removed");
    }
    case "hide-link":
    case "show-link":
    case "move-up":
    case "move-down": {
      const linkId = String(form.get("linkId") ?? "").slice(0, 36);
      if (!isUuid(linkId)) throw data("Link not found", { status: 404 });
      if (intent === "hide-link" || intent === "show-link") {
        await setLinkHidden(context.db, card.id, linkId, intent === "hide-link");
        return done(intent === "hide-link" ? "Link hidden from your page" : "Link shown on your page");
      }
      await moveLink(context.db, card.id, linkId, intent === "move-up" ? "up" : "down");
      return done(intent === "move-up" ? "Link moved up" : "Link moved down");
    }
    case "reorder-links": {
      const raw = String(form.get("order") ?? "");
      if (raw.length > LINK_ORDER_MAX_LENGTH)
        throw data("A card page can have at most 30 links", { status: 400 });
      const order = raw.split(",");
      if (!order.every(isUuid)) throw data("Link not found", { status: 404 });
      await reorderLinks(context.db, card.id, order);
      return done("Links reordered");
    }
    default:
      return unknownIntent();
  }
}
