// My Links' form posts: adding, changing or removing a link of one of the customer's cards, each put in the cart
// as a paid update request carrying the owner's proof (docs/product.md#my-links).
import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data, redirect } from "react-router";
import { UPDATE_REQUEST_PRICE } from "~/catalog";
import type { UpdateRequestDetails } from "~/schemas/item-details";
import { AddLinkSchema, EditLinkSchema, RemoveLinkSchema } from "~/schemas/my-links";
import type { SubmissionResult } from "~/utils/form";
import { iconForUrl, linkHost } from "~/utils/link-kinds";
import { formatPence } from "~/utils/money";
import type { SessionUser } from "../accounts/session.server";
import { MY_LINKS_MESSAGES, ownedCard, ownedLink } from "../cards/my-links.server";
import { unknownIntent } from "../platform/forms.server";
import { toastHeaders } from "../platform/toast.server";
import { addUpdateRequestItem, CartError } from "./cart.server";
import { ensureCart } from "./cart-actions.server";
import { proveOwnership } from "./update-requests.server";

type Ctx = AppLoadContext;
type FormName = "add" | "edit" | "remove";

/** My Links' form posts, by intent. */
export async function handleMyLinksAction(context: Ctx, user: SessionUser, request: Request, form: FormData) {
  switch (form.get("intent")) {
    case "add-link":
      return addLink(context, user, request, form);
    case "edit-link":
      return editLink(context, user, request, form);
    case "remove-link":
      return removeLink(context, user, request, form);
    default:
      return unknownIntent();
  }
}

async function addLink(context: Ctx, user: SessionUser, request: Request, form: FormData) {
  const submission = parseWithZod(form, { schema: AddLinkSchema });
  if (submission.status !== "success")
    return data({ form: "add" as FormName, result: submission.reply() }, { status: 400 });
  const v = submission.value;
  const card = await ownedCard(context.db, user.id, v.cardId);
  if (!card)
    return data(
      { form: "add" as FormName, result: submission.reply({ formErrors: [MY_LINKS_MESSAGES.cardNotFound] }) },
      { status: 404 },
    );
  return toCart(context, user, request, "add", submission, {
    cardNumber: card.cardNumber,
    action: "add-link",
    url: v.url,
    link: { title: v.title, url: v.url, icon: iconForUrl(v.url) },
  });
}

async function editLink(context: Ctx, user: SessionUser, request: Request, form: FormData) {
  const submission = parseWithZod(form, { schema: EditLinkSchema });
  if (submission.status !== "success")
    return data({ form: "edit" as FormName, result: submission.reply() }, { status: 400 });
  const v = submission.value;
  const link = await ownedLink(context.db, user.id, v.linkId);
  if (!link)
    return data(
      {
        form: "edit" as FormName,
        result: submission.reply({ formErrors: [MY_LINKS_MESSAGES.linkNotFound] }),
      },
      { status: 404 },
    );
  if (link.setBy)
    return data(
      {
        form: "edit" as FormName,
        result: submission.reply({ formErrors: [MY_LINKS_MESSAGES.setByCompany(link.setBy)] }),
      },
      { status: 403 },
    );
  if (link.title === v.title && link.url === v.url)
    return data(
      { form: "edit" as FormName, result: submission.reply({ formErrors: [MY_LINKS_MESSAGES.unchanged] }) },
      { status: 400 },
    );
  // A new address on the same site keeps the icon the card shows (which the admin may have chosen).
  const oldHost = linkHost(link.url);
  const icon = oldHost && oldHost === linkHost(v.url) ? link.icon : iconForUrl(v.url);
  return toCart(context, user, request, "edit", submission, {
    cardNumber: link.cardNumber,
    action: "replace-link",
    linkId: link.id,
    linkToRemove: link.url,
    url: v.url,
    link: { title: v.title, url: v.url, icon },
  });
}

async function removeLink(context: Ctx, user: SessionUser, request: Request, form: FormData) {
  const submission = parseWithZod(form, { schema: RemoveLinkSchema });
  if (submission.status !== "success")
    return data({ form: "remove" as FormName, result: submission.reply() }, { status: 400 });
  const link = await ownedLink(context.db, user.id, submission.value.linkId);
  if (!link)
    return data(
      {
        form: "remove" as FormName,
        result: submission.reply({ formErrors: [MY_LINKS_MESSAGES.linkNotFound] }),
      },
      { status: 404 },
    );
  if (link.setBy)
    return data(
      {
        form: "remove" as FormName,
        result: submission.reply({ formErrors: [MY_LINKS_MESSAGES.setByCompany(link.setBy)] }),
      },
      { status: 403 },
    );
  return toCart(context, user, request, "remove", submission, {
    cardNumber: link.cardNumber,
    action: "remove-link",
    linkId: link.id,
    linkToRemove: link.url,
  });
}

const TOASTS: Record<FormName, string> = {
  add: "New link added to your cart",
  edit: "Link change added to your cart",
  remove: "Link removal added to your cart",
};

/**
 * Puts the change in the customer's cart as an update request carrying the owner's proof, so the paid
 * pipeline applies it once paid, then goes to the cart to pay for it.
 */
async function toCart(
  context: Ctx,
  user: SessionUser,
  request: Request,
  formName: FormName,
  submission: { reply: (options?: { formErrors?: string[] }) => SubmissionResult<string[]> },
  change: Pick<UpdateRequestDetails, "cardNumber" | "action" | "url" | "link" | "linkId" | "linkToRemove">,
) {
  const proof = await proveOwnership(context.db, change.cardNumber, { userId: user.id });
  try {
    const { cart, headers } = await ensureCart(context, request);
    await addUpdateRequestItem(context.db, cart.id, {
      ...change,
      name: user.name,
      email: user.email,
      ...proof,
      userId: user.id,
    });
    await toastHeaders(
      {
        type: "success",
        title: TOASTS[formName],
        description: `It costs ${formatPence(UPDATE_REQUEST_PRICE, { whole: true })} and is made on your card automatically once paid.`,
      },
      headers,
    );
    return redirect("/cart", { headers });
  } catch (error) {
    if (!(error instanceof CartError)) throw error;
    return data(
      { form: formName, result: submission.reply({ formErrors: [error.message] }) },
      { status: error.status },
    );
  }
}
