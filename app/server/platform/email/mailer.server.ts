// The only module that imports nodemailer: SMTP when SMTP_URL is set, otherwise .eml files in DATA_DIR/outbox.
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "pino";

export interface OutgoingEmail {
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
  /** Fixes the Message-ID's left part (the outbox row), so a message sent again is recognisably the same. */
  messageKey?: string;
}

export type SendEmail = (message: OutgoingEmail) => Promise<void>;

export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  logger: Logger;
}): SendEmail {
  const fields = (message: OutgoingEmail) => ({
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    replyTo: message.replyTo ?? undefined,
    from: opts.from,
    messageId: message.messageKey ? `<${message.messageKey}@${senderDomain(opts.from)}>` : undefined,
  });
  if (opts.smtpUrl) {
    // Bounded waits: a send runs while the outbox row is held (docs/decisions/006-email-outbox.md), and
    // nodemailer's own defaults wait up to ten minutes on a silent server.
    const transport = nodemailer.createTransport({
      url: opts.smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    return async (message) => {
      await transport.sendMail(fields(message));
    };
  }
  const outbox = path.join(opts.dataDir, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return async (message) => {
    const info = await transport.sendMail(fields(message));
    await fs.mkdir(outbox, { recursive: true });
    const safeTo = message.to.replace(/[^a-z0-9@.-]/gi, "_");
    const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-${safeTo}.eml`);
    await fs.writeFile(file, info.message as Buffer);
    opts.logger.info({ to: message.to, subject: message.subject, file }, `e-mail written to ${file}`);
  };
}

/** The domain of the From address, for Message-IDs ("Shop <shop@example.com>" gives example.com). */
function senderDomain(from: string) {
  return /@([a-z0-9.-]+)>?\s*$/i.exec(from)?.[1] ?? "localhost";
}
