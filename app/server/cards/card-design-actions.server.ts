// The Design page's form posts, one intent each: save the design, reset it to the default, upload or remove its
// cover and logo, and show, hide or move one link. Each is the owner's own card only, and free (no update request, nothing to pay).
import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "react-router";
import { CardDesignSchema } from "~/schemas/card-design";
import { isUuid } from "~/utils/ids";
import type { SessionUser } from "../accounts/session.server";
import { unknownIntent } from "../platform/forms.server";
import { acceptDesignImage } from "../platform/images.server";
import { redirectWithToast, refuseWithToast } from "../platform/toast.server";
import { moveLink, ownedCard, saveCardDesign, setDesignImage, setLinkHidden } from "./card-design.server";

export async function handleCardDesignAction(
  context: Pick<AppLoadContext, "db" | "config">,
  user: SessionUser,
  cardNumber: string | undefined,
  form: FormData,
) {
  const card = await ownedCard(context.db, user, cardNumber);
  const back = `/dashboard/cards/${card.cardNumber}/design`;
  const done = (title: string) => redirectWithToast(back, { type: "success", title });
  const intent = form.get("intent");
  switch (intent) {
    case "save-design": {
      const submission = parseWithZod(form, { schema: CardDesignSchema });
      if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
      await saveCardDesign(context.db, card.id, submission.value);
      return done("Design saved");
    }
    case "reset-design":
      await saveCardDesign(context.db, card.id, null);
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
    default:
      return unknownIntent();
  }
}
