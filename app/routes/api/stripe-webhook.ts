// POST /api/webhooks/stripe: signed by Stripe (verified on the raw body), so exempt from the cross-site check.
import { handleStripeWebhook } from "~/server/shop/payments/stripe-webhook.server";
import type { Route } from "./+types/stripe-webhook";

const text = (body: string, status = 200) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain" } });

export async function loader() {
  return text("Method Not Allowed", 405);
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return text("Method Not Allowed", 405);
  const { status, body } = await handleStripeWebhook(
    context,
    await request.text(),
    request.headers.get("stripe-signature"),
  );
  return text(body, status);
}
