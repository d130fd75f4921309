// E-mail bodies: every message has a plain-text and an HTML part built from the same words.
import { escapeHtml } from "~/utils/html";
import type { OutgoingEmail } from "./mailer.server";

/** A paragraph that ends with a link: an anchor in the HTML part, the whole address in the plain text. */
export interface LinkLine {
  text?: string;
  url: string;
  /** The anchor's words, drawn as a button; without it the address itself is the link. */
  button?: string;
}

interface Paragraphs {
  shop: string;
  to: string;
  subject: string;
  greeting: string;
  lines: (string | LinkLine)[];
  action?: { label: string; url: string };
  after?: string[];
}

/** Builds both bodies from paragraphs, so the two parts never disagree. */
export function composeEmail(m: Paragraphs): OutgoingEmail {
  const text = [
    m.greeting,
    "",
    ...m.lines.flatMap((l) => [typeof l === "string" ? l : plainLink(l), ""]),
    ...(m.action ? [`${m.action.label}: ${m.action.url}`, ""] : []),
    ...(m.after ?? []).flatMap((l) => [l, ""]),
    `— ${m.shop}`,
  ].join("\n");
  const p = (l: string) => `<p style="margin:0 0 16px">${escapeHtml(l)}</p>`;
  // Long addresses break anywhere, so nothing runs off a phone's screen.
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;line-height:1.5;max-width:560px;margin:0 auto;padding:24px;overflow-wrap:anywhere;word-break:break-word">
${p(m.greeting)}
${m.lines.map((l) => (typeof l === "string" ? p(l) : htmlLink(l))).join("\n")}
${
  m.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(m.action.url)}" style="background:#111;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(m.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555;word-break:break-all">Or open this link: ${escapeHtml(m.action.url)}</p>`
    : ""
}
${(m.after ?? []).map(p).join("\n")}
<p style="margin:0;color:#555">— ${escapeHtml(m.shop)}</p>
</body></html>`;
  return { to: m.to, subject: m.subject, text, html };
}

const plainLink = (l: LinkLine) =>
  [l.text, l.button ? `${l.button}: ${l.url}` : l.url].filter(Boolean).join(" ");

function htmlLink(l: LinkLine) {
  const e = escapeHtml;
  const text = l.text ? `${e(l.text)}${l.button ? '</p>\n<p style="margin:0 0 16px">' : " "}` : "";
  const anchor = l.button
    ? `<a href="${e(l.url)}" style="display:inline-block;background:#111;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${e(l.button)}</a>`
    : `<a href="${e(l.url)}" style="color:#1d4ed8;word-break:break-all">${e(l.url)}</a>`;
  return `<p style="margin:0 0 16px">${text}${anchor}</p>`;
}

/**
 * No name in it: whoever registered typed it, and the address has not yet proven it belongs to them, so the
 * shop would be carrying a stranger's words to someone else's inbox.
 */
export function verificationEmail(o: { shop: string; to: string; url: string }) {
  return composeEmail({
    shop: o.shop,
    to: o.to,
    subject: `Verify your e-mail for ${o.shop}`,
    greeting: "Hello,",
    lines: [
      `Thanks for registering with ${o.shop}. Please confirm your e-mail address to activate your account.`,
    ],
    action: { label: "Verify my e-mail", url: o.url },
    after: ["The link is valid for 24 hours. If you did not register, you can ignore this message."],
  });
}

/**
 * Sent to the new address of an e-mail change: the account's address changes only when this link is opened.
 * No name in it: the address has not yet proven it belongs to the account holder.
 */
export function changeEmailVerificationEmail(o: { shop: string; to: string; url: string }) {
  return composeEmail({
    shop: o.shop,
    to: o.to,
    subject: `Confirm your new e-mail for ${o.shop}`,
    greeting: "Hello,",
    lines: [
      `Someone asked to use this e-mail address for their ${o.shop} account. Your account's e-mail address changes to this one when you open the link below and confirm.`,
    ],
    action: { label: "Confirm my new e-mail", url: o.url },
    after: [
      "The link is valid for 24 hours. If you did not ask for this, you can ignore this message: nothing changes.",
    ],
  });
}

/**
 * Sent to the new address of an e-mail change instead of the link when it already has an account, so the
 * request's answer never tells whether an address is taken.
 */
export function emailChangeAddressTakenEmail(o: { shop: string; to: string; loginUrl: string }) {
  return composeEmail({
    shop: o.shop,
    to: o.to,
    subject: `Your e-mail is already on a ${o.shop} account`,
    greeting: "Hello,",
    lines: [
      `Someone asked to move another ${o.shop} account to this e-mail address, but this address already has an account of its own, so nothing changed.`,
      "If that was you, log in with this address instead, or choose another address for the other account.",
    ],
    action: { label: "Log in", url: o.loginUrl },
    after: ["If this was not you, you can ignore this message."],
  });
}

/** Sent to the account's current address when a change of address is asked for: it can stop (or undo) it. */
export function emailChangeRequestedEmail(o: {
  shop: string;
  to: string;
  newEmail: string;
  stopUrl: string;
  stopDays: number;
}) {
  return composeEmail({
    shop: o.shop,
    to: o.to,
    subject: `Your ${o.shop} e-mail address is being changed`,
    greeting: "Hello,",
    lines: [
      `Someone signed in to your ${o.shop} account, with its password, asked to change its e-mail address to ${o.newEmail}. The change is made when that address confirms it.`,
      `If this was not you, stop it now: the link below keeps (or brings back) this address, signs your account out everywhere and turns its password off, since whoever asked knew it. Then choose a new password with 'Forgot password?' on the login page.`,
    ],
    action: { label: "Stop the e-mail change", url: o.stopUrl },
    after: [
      `The link works for ${o.stopDays} days, until the account is signed in to with the new address or its password is changed. If you asked for this change, you need not do anything.`,
    ],
  });
}

/** `name` only for an account whose address is verified (see verificationEmail). */
export function passwordResetEmail(o: { shop: string; to: string; name: string | null; url: string }) {
  return composeEmail({
    shop: o.shop,
    to: o.to,
    subject: `Reset your ${o.shop} password`,
    greeting: o.name ? `Hello ${o.name},` : "Hello,",
    lines: ["We received a request to reset the password of your account."],
    action: { label: "Choose a new password", url: o.url },
    after: ["The link is valid for one hour. If you did not ask for this, you can ignore this message."],
  });
}

/** Sent instead of a second account, so registering never reveals whether an address is taken. */
export function accountExistsEmail(o: { shop: string; to: string; loginUrl: string; resetUrl: string }) {
  return composeEmail({
    shop: o.shop,
    to: o.to,
    subject: `You already have a ${o.shop} account`,
    greeting: "Hello,",
    lines: [
      `Someone, probably you, tried to register with this e-mail address, but it already has a ${o.shop} account.`,
      `If you forgot your password, you can choose a new one here: ${o.resetUrl}`,
    ],
    action: { label: "Log in", url: o.loginUrl },
    after: ["If this was not you, you can ignore this message."],
  });
}

interface ContactDetails {
  shop: string;
  to: string;
  name: string;
  email: string;
  subject: string;
  orderNumber: string | null;
  message: string;
}

/** The copy for the support inbox; replying answers the sender directly. */
export function contactSupportEmail(o: ContactDetails & { id: number }): OutgoingEmail {
  return {
    ...composeEmail({
      shop: o.shop,
      to: o.to,
      subject: `Contact form: ${o.subject}`,
      greeting: `New message #${o.id} from the contact form.`,
      lines: [
        `From: ${o.name} <${o.email}>`,
        `Subject: ${o.subject}`,
        ...(o.orderNumber ? [`Order number: ${o.orderNumber}`] : []),
        "Message:",
        o.message,
      ],
      after: ["Reply to this e-mail to answer the sender."],
    }),
    replyTo: o.email,
  };
}

/**
 * The acknowledgement to the sender. It repeats none of their words (name, own subject, message): the address
 * is not proven to be theirs, and the shop must not carry a stranger's text to someone else's inbox. Support's
 * copy carries everything. `topic` is one of our own subject labels, or null.
 */
export function contactAcknowledgementEmail(o: {
  shop: string;
  to: string;
  topic: string | null;
  support: string;
}): OutgoingEmail {
  return {
    ...composeEmail({
      shop: o.shop,
      to: o.to,
      subject: o.topic ? `We received your message: ${o.topic}` : "We received your message",
      greeting: "Hello,",
      lines: [
        "Thank you for contacting us. We'll get back to you soon.",
        "We usually answer general inquiries within 24-48 hours, support requests the same day and collaborations within 1-3 days.",
      ],
      after: [`If you did not send this message, you can ignore this e-mail or tell us at ${o.support}.`],
    }),
    replyTo: o.support,
  };
}

const SOURCE_WORDS = { nfc: "tapped your card", qr: "scanned your QR code", link: "opened your card's link" };

/**
 * To a card owner: someone shared their details from a card page. Only the owner's own inbox gets the visitor's
 * words; `moreSinceLast` counts shares that arrived over the hourly cap since the last one was e-mailed.
 */
export function newContactEmail(o: {
  shop: string;
  to: string;
  ownerName: string;
  cardName: string;
  contact: {
    name: string;
    email?: string;
    phone?: string;
    company?: string;
    jobTitle?: string;
    note?: string;
  };
  source: "nfc" | "qr" | "link";
  url: string;
  settingsUrl: string;
  moreSinceLast: number;
}): OutgoingEmail {
  const c = o.contact;
  const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();
  const more = o.moreSinceLast;
  return composeEmail({
    shop: o.shop,
    to: o.to,
    subject: `New contact: ${oneLine(c.name)}`,
    greeting: `Hello ${oneLine(o.ownerName)},`,
    lines: [
      `${oneLine(c.name)} ${SOURCE_WORDS[o.source]} (${oneLine(o.cardName)}) and shared their details with you.`,
      ...(c.email ? [`E-mail: ${c.email}`] : []),
      ...(c.phone ? [`Phone: ${c.phone}`] : []),
      ...(c.company ? [`Company: ${oneLine(c.company)}`] : []),
      ...(c.jobTitle ? [`Job title: ${oneLine(c.jobTitle)}`] : []),
      ...(c.note ? ["They left a note: open the contact to read it."] : []),
      ...(more > 0
        ? [
            `${more} more ${more === 1 ? "contact" : "contacts"} arrived since our last e-mail, over the limit of 20 e-mails an hour. They are all in Contacts.`,
          ]
        : []),
    ],
    action: { label: "Open the contact", url: o.url },
    after: [`You can turn these e-mails off in Settings, Notifications: ${o.settingsUrl}`],
  });
}
