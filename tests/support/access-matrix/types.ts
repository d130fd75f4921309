// The shape of the access matrix's rows: what customer A owns, and how each signed-in route is read and posted to
// by someone who is not A.

/** What customer A owns: the ids another account will try. */
export interface Ids {
  cardId: string;
  cardNumber: string;
  linkId: string;
  /** One of A's physical cards (written, so every admin action has something to change). */
  physicalCardId: string;
  orderId: string;
  referralCode: string;
  prospectId: string;
  contactId: string;
  webhookId: string;
  /** A's company, a member of it and an invitation waiting. */
  companySlug: string;
  companyMemberId: string;
  invitationId: string;
}

export type Fields = (ids: Ids) => Record<string, string>;

export interface RouteCase {
  area: "customer" | "admin";
  /** The address with A's ids in it, and the route parameters it carries. */
  path: (ids: Ids) => string;
  params?: (ids: Ids) => Record<string, string>;
  /**
   * 'ids': the address names A's things, so anyone else gets 404. 'own': it shows the signed-in account's own
   * things, so anyone else sees none of A's. 'redirect': it only sends the visitor elsewhere.
   */
  read: "ids" | "own" | "redirect";
  /** What A's own read answers when it is not a page (200): a redirect to a vendor's site. */
  ownerStatus?: number;
  /** More addresses of an 'own' page that name A's things: anyone else gets 404 for them. */
  foreignReads?: (ids: Ids) => string[];
  /**
   * Each intent with A's ids. 'foreign': it names A's things, so anyone else gets 404 and nothing changes.
   * 'self': it acts only on the poster's own account, so A's data never changes whoever posts it.
   */
  intents?: Record<string, { kind: "foreign" | "self"; fields: Fields }>;
}

export const noFields: Fields = () => ({});
