// Contacts' labels and caps, without zod: the Contacts pages in the browser import them.

/** How the card page was opened when the details were shared (the views' own sources). */
export const CONTACT_SOURCE_LABELS = { nfc: "NFC tap", qr: "QR code", link: "Link" } as const;

export const CONTACT_LIMITS = { search: 100 } as const;

/** What a contact's card shows once that card page has been deleted. */
export const DELETED_CARD = "Deleted card";
