// Contact messages: stored, forwarded to support and acknowledged to the sender in one transaction.
import { contactMessages } from "~/db/schema";
import { type ContactInput, subjectText } from "~/schemas/contact";
import type { Database } from "./db.server";
import { enqueueEmail } from "./email/outbox.server";
import { contactAcknowledgementEmail, contactSupportEmail } from "./email/templates.server";
import type { Config } from "./env.server";

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
    await enqueueEmail(
      tx,
      contactAcknowledgementEmail({
        ...details,
        to: input.email,
        message: input.message,
        support: config.mail.support,
      }),
    );
    return row!.id;
  });
}
