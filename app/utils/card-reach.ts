// Every way to reach a card's owner, as its page shows them: the phones its tel: buttons dial, the addresses its
// mailto: buttons write to, its web links (website, social profiles), and the contact phone and e-mail kept on
// the page. 'Save contact' (the vCard) and My Cards both read this, so neither says more or less than the page.

export type CardReach = {
  phones: string[];
  emails: string[];
  /** Web links in card order, with the title the page gives them. */
  links: { label: string; url: string }[];
};

function decoded(text: string) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const digits = (phone: string) => phone.replace(/[^\d]/g, "");

/** What the page's links, and its contact phone and e-mail, give a visitor to reach the owner. */
export function cardReach(page: {
  contactPhone?: string | null;
  contactEmail?: string | null;
  links: { title: string; url: string }[];
}): CardReach {
  const phones: string[] = [];
  const emails: string[] = [];
  const links: CardReach["links"] = [];
  // The same number written two ways ('+44 20 7946 0000' and 'tel:+442079460000') is one phone: the first kept.
  const addPhone = (phone: string) => {
    const p = phone.trim();
    if (digits(p) && !phones.some((q) => digits(q) === digits(p))) phones.push(p);
  };
  const addEmail = (email: string) => {
    const e = email.trim();
    if (e.includes("@") && !emails.some((f) => f.toLowerCase() === e.toLowerCase())) emails.push(e);
  };
  if (page.contactPhone) addPhone(page.contactPhone);
  if (page.contactEmail) addEmail(page.contactEmail);
  for (const link of page.links) {
    const url = link.url.trim();
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
    if (scheme === "tel") addPhone(decoded(url.slice(4)));
    // mailto:a@x.example,b@y.example?subject=…: each address before the query.
    else if (scheme === "mailto")
      for (const e of url.slice(7).split("?")[0]!.split(",")) addEmail(decoded(e));
    else if ((scheme === "http" || scheme === "https") && !links.some((l) => l.url === url))
      links.push({ label: link.title, url });
  }
  return { phones, emails, links };
}

/** A phone number as a tel: address: digits and a leading plus only. */
export const telHref = (phone: string) => `tel:${phone.replace(/(?!^\+)[^\d]/g, "")}`;
