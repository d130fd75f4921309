// Contact messages: stored, forwarded to support and acknowledged to the sender (without echoing their words)
// in one transaction.
import { contactMessages } from "~/db/schema";
import { type ContactInput, subjectText } from "~/schemas/contact";
import type { Database } from "../platform/db.server";
import { enqueueEmail } from "../platform/email/outbox.server";
import { contactAcknowledgementEmail, contactSupportEmail } from "../platform/email/templates.server";
import type { Config } from "../platform/env.server";

export async function saveContactMessage(db: Database, config: Config, input: ContactInput) {
  const subject = subjectText(input);
  const orderNumber = input.subject === "delivery" ? (input.orderNumber ?? null) : null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ name: input.name, email: input.email, subject, message: input.message, orderNumber })
      .returning({ id: contactMessages.id });
    const details = { shop: config.shop.name, name: input.name, email: input.email, subject, orderNumber };
    await enqueueEmail(
      tx,
      contactSupportEmail({ ...details, to: config.mail.support, message: input.message, id: row!.id }),
    );
    // The sender's own words go only to support: the acknowledgement names our label for the subject at most.
    await enqueueEmail(
      tx,
      contactAcknowledgementEmail({
        shop: config.shop.name,
        to: input.email,
        topic: input.subject === "custom" ? null : subject,
        support: config.mail.support,
      }),
    );
    return row!.id;
  });
}
