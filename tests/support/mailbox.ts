// Reads what the SMTP sink of the browser tests received (JSON files in E2E_MAILBOX).
import { expect } from "@playwright/test";
import { readSunkMail, type SunkEmail } from "../mocks/smtp-sink.mjs";

/** Every message the SMTP sink of the browser tests has received. */
export function readMailbox(): SunkEmail[] {
  const dir = process.env.E2E_MAILBOX;
  if (!dir) throw new Error("E2E_MAILBOX is not set");
  return readSunkMail(dir);
}

/** Waits until a message to `to` whose subject matches arrives, and returns the newest such message. */
export async function waitForEmail(to: string, subject: RegExp): Promise<SunkEmail> {
  let found: SunkEmail | undefined;
  await expect
    .poll(
      () => {
        found = readMailbox()
          .filter((m) => m.to.includes(to) && subject.test(m.subject))
          .at(-1);
        return Boolean(found);
      },
      { message: `an e-mail to ${to} matching ${subject}`, timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

export function firstLink(text: string, pathPart: string) {
  const url = text.match(/https?:\/\/\S+/g)?.find((u) => u.includes(pathPart));
  if (!url) throw new Error(`No link containing ${pathPart} in:\n${text}`);
  return url;
}
