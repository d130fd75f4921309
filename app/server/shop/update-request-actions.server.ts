// The 'Update Your Card' form's action: a paid change to an existing card, added to the visitor's cart.
import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data, redirect } from "react-router";
import { UpdateRequestSchema } from "~/schemas/update-request";
import { z } from "~/schemas/zod";
import { getSessionUser } from "../accounts/session.server";
import { isOneLinkCardNumber, ONE_LINK_PERMANENT } from "../cards/one-link-cards.server";
import { readFormData } from "../platform/forms.server";
import { acceptProfileImage } from "../platform/images.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { addressKey } from "../platform/rate-limit-address.server";
import { toastHeaders } from "../platform/toast.server";
import { deleteUploadIfUnused } from "../platform/uploads.server";
import { addUpdateRequestItem, CartError } from "./cart.server";
import { ensureCart } from "./cart-actions.server";
import { SHOP_LIMITS } from "./limits.server";
import { proveOwnership } from "./update-requests.server";

const FAILED = "Failed to add update request. Please try again.";
export const EDIT_PASSWORD_WRONG = "The edit password does not match this card";
export const EDIT_PASSWORD_LIMITED =
  "Too many wrong edit passwords for this card. Please try again in an hour, or log in as the card's owner.";

/** An image stored for a request that is then refused is not kept. */
async function discardUpload(context: AppLoadContext, imageUrl: string | undefined) {
  if (!imageUrl) return;
  await deleteUploadIfUnused(context.db, context.config, imageUrl).catch((err) =>
    context.logger.warn({ err }, "unused upload not deleted"),
  );
}

/**
 * 'Add to Cart' on the update form: rate limited per client address, parsed, the image (if any) checked and
 * stored, ownership proven by the signed-in owner or the edit password, then the request goes into the cart.
 * Answers what the form shows: field errors (4xx) or a redirect back to an empty form with a toast.
 */
export async function addUpdateRequestToCart(context: AppLoadContext, request: Request) {
  // Counted before anything is read or checked: no sign-in is needed here, so this is what bounds the work
  // one visitor can ask for.
  const limit = await hitRateLimit(
    context.db,
    `update-request:ip:${addressKey(context.clientIp)}`,
    SHOP_LIMITS.updateRequest,
  );
  const formData = await readFormData(request);
  if (!limit.allowed) {
    // Answered with what was typed, but nothing posted is checked.
    const unchecked = parseWithZod(formData, { schema: z.object({}) });
    return data(
      { result: unchecked.reply({ formErrors: ["Too many update requests. Please try again later."] }) },
      { status: 429 },
    );
  }
  const submission = parseWithZod(formData, { schema: UpdateRequestSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const v = submission.value;
  // A One Link card's link is on the chip itself: no paid change can reach it.
  if (await isOneLinkCardNumber(context.db, v.cardNumber))
    return data(
      {
        result: submission.reply({
          fieldErrors: { cardNumber: [ONE_LINK_PERMANENT] },
          hideFields: ["editPassword"],
        }),
      },
      { status: 400 },
    );

  // The image is checked and stored now, so what the admin or the card page gets is a safe re-encoded copy.
  let imageUrl: string | undefined;
  if (v.updateType === "change-image") {
    const outcome = await acceptProfileImage(context.config, v.image);
    if (!outcome.ok) {
      if (outcome.status === 500) context.logger.error({ err: outcome.cause }, "update request image failed");
      return data(
        { result: submission.reply({ fieldErrors: { image: [outcome.message] } }) },
        { status: outcome.status },
      );
    }
    imageUrl = outcome.url;
  }

  const user = await getSessionUser(context, request);
  const { limited, ...proof } = await proveOwnership(context.db, v.cardNumber, {
    userId: user?.id ?? null,
    editPassword: v.editPassword || undefined,
  });
  if (v.editPassword && proof.proof !== "password" && proof.proof !== "owner") {
    await discardUpload(context, imageUrl);
    return data(
      {
        result: submission.reply({
          fieldErrors: { editPassword: [limited ? EDIT_PASSWORD_LIMITED : EDIT_PASSWORD_WRONG] },
          hideFields: ["editPassword"],
        }),
      },
      { status: limited ? 429 : 400 },
    );
  }
  try {
    const { cart, headers } = await ensureCart(context, request);
    await addUpdateRequestItem(context.db, cart.id, {
      cardNumber: v.cardNumber,
      name: v.name,
      email: v.email,
      action: v.updateType,
      ...(v.updateType === "add-link" ? { platform: v.platform, url: v.url } : {}),
      ...(v.updateType === "remove-link" ? { linkToRemove: v.linkToRemove } : {}),
      ...(imageUrl ? { imageUrl } : {}),
      ...proof,
      ...(user ? { userId: user.id } : {}),
    });
    await toastHeaders(
      {
        type: "success",
        title: "Update request added to cart",
        description: "Your update request has been added to your cart.",
      },
      headers,
    );
    return redirect("/update-links", { headers });
  } catch (error) {
    // Refused (cart full, too many new carts): the image uploaded for it is not kept.
    await discardUpload(context, imageUrl);
    if (error instanceof CartError)
      return data({ result: submission.reply({ formErrors: [error.message] }) }, { status: error.status });
    context.logger.error({ err: error }, "update request failed");
    return data({ result: submission.reply({ formErrors: [FAILED] }) }, { status: 500 });
  }
}
