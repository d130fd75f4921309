// The e-mail that says deliveries to an endpoint stopped: sent once, until a delivery to it succeeds again.
import { and, eq, isNull } from "drizzle-orm";
import { users, webhookEndpoints } from "~/db/schema";
import type { Tx } from "../platform/db.server";
import { enqueueEmail } from "../platform/email/outbox.server";
import { composeEmail } from "../platform/email/templates.server";
import type { DeliveryOptions } from "./delivery.server";

/**
 * E-mails the owner (for a company's endpoint, the admin who added it) that deliveries to this endpoint stopped,
 * once until one gets through again.
 */
export async function tellOwnerOnce(
  tx: Tx,
  endpointId: string,
  { ownerUserId, url, companySlug }: { ownerUserId: string; url: string; companySlug: string | null },
  now: Date,
  opts: DeliveryOptions,
) {
  const [claimed] = await tx
    .update(webhookEndpoints)
    .set({ failureNotifiedAt: now })
    .where(and(eq(webhookEndpoints.id, endpointId), isNull(webhookEndpoints.failureNotifiedAt)))
    .returning({ id: webhookEndpoints.id });
  if (!claimed) return;
  const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, ownerUserId));
  if (!owner) return;
  await enqueueEmail(
    tx,
    composeEmail({
      shop: opts.shop,
      to: owner.email,
      subject: `A webhook to ${new URL(url).host} could not be delivered`,
      greeting: "Hello,",
      lines: [
        `We tried for 24 hours to deliver an event to your webhook endpoint at ${new URL(url).host}, and it did not answer with a success (2xx) status. The event is marked as failed and will not be sent again.`,
        "Check that the endpoint is up and answers within 5 seconds. Later events are still sent; we will not e-mail you again about this endpoint until a delivery to it succeeds.",
      ],
      action: {
        label: "See your deliveries",
        url: companySlug
          ? `${opts.publicUrl}/dashboard/company/${companySlug}/integrations`
          : `${opts.publicUrl}/dashboard/settings/integrations`,
      },
    }),
  );
}
