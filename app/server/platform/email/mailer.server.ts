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
}

export type SendEmail = (message: OutgoingEmail) => Promise<void>;

export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  logger: Logger;
}): SendEmail {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return async (message) => {
      await transport.sendMail({ ...message, replyTo: message.replyTo ?? undefined, from: opts.from });
    };
  }
  const outbox = path.join(opts.dataDir, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return async (message) => {
    const info = await transport.sendMail({
      ...message,
      replyTo: message.replyTo ?? undefined,
      from: opts.from,
    });
    await fs.mkdir(outbox, { recursive: true });
    const safeTo = message.to.replace(/[^a-z0-9@.-]/gi, "_");
    const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-${safeTo}.eml`);
    await fs.writeFile(file, info.message as Buffer);
    opts.logger.info({ to: message.to, subject: message.subject, file }, `e-mail written to ${file}`);
  };
}
