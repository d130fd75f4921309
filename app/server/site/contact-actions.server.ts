// The contact form's post: validated, dropped quietly when the honeypot is filled, rate limited per network and
// per sender, then stored and sent (contact-messages.server.ts). It answers with post/redirect/get, so the form
// comes back empty and a reload does not send the message twice.
import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "react-router";
import { CONTACT_HONEYPOT, ContactSchema } from "~/schemas/contact";
import { hitRateLimit } from "../platform/rate-limit.server";
import { addressKey } from "../platform/rate-limit-address.server";
import { redirectWithToast } from "../platform/toast.server";
import { saveContactMessage } from "./contact-messages.server";
import { SITE_LIMITS } from "./limits.server";

const SENT = {
  type: "success",
  title: "Message sent successfully!",
  description: "Thank you for contacting us. We'll get back to you soon.",
} as const;
const FAILED = {
  type: "error",
  title: "Error sending message",
  description: "Please try again later or contact us directly.",
} as const;

type ContactContext = Pick<AppLoadContext, "db" | "config" | "clientIp" | "logger" | "pokeOutbox">;

export async function handleContactAction(context: ContactContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: ContactSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), toast: null }, { status: 400 });

  // Bots get the same answer as people, so they learn nothing; nothing is stored or sent.
  if (String(formData.get(CONTACT_HONEYPOT) ?? "") !== "") {
    context.logger.info("contact form: honeypot filled, message dropped");
    return redirectWithToast("/contact", SENT);
  }

  const perAddress = await hitRateLimit(
    context.db,
    `contact:ip:${addressKey(context.clientIp)}`,
    SITE_LIMITS.contact,
  );
  const perSender = await hitRateLimit(
    context.db,
    `contact:email:${submission.value.email}`,
    SITE_LIMITS.contact,
  );
  if (!perAddress.allowed || !perSender.allowed) {
    return data(
      {
        result: submission.reply({ formErrors: ["Too many messages. Please try again in an hour."] }),
        toast: FAILED,
      },
      { status: 429 },
    );
  }

  try {
    await saveContactMessage(context.db, context.config, submission.value);
  } catch (error) {
    context.logger.error({ err: error }, "contact message could not be saved");
    return data(
      { result: submission.reply({ formErrors: [`${FAILED.title}. ${FAILED.description}`] }), toast: FAILED },
      { status: 500 },
    );
  }
  context.pokeOutbox();
  return redirectWithToast("/contact", SENT);
}
