// Companies' rate limits: every invitation is an e-mail sent in the shop's name, so they are counted.
import { defineLimits, type WriteLimit } from "../platform/rate-limit.server";

/** Invitations sent one at a time, and each people CSV imported (one write, up to 500 e-mails). */
export const INVITATION_WRITES: WriteLimit = {
  name: "companyInvite",
  account: { max: 100, windowSeconds: 60 * 60 },
  address: { max: 300, windowSeconds: 60 * 60 },
};

export const COMPANY_LIMITS = defineLimits({
  /** 'Resend' per invitation: its recipient gets at most this many copies a day. */
  resendPerInvitation: { max: 3, windowSeconds: 24 * 60 * 60 },
  /** New companies per account: each is a page of the shop with its own address. */
  createPerAccount: { max: 5, windowSeconds: 24 * 60 * 60 },
  /** 'Ask for their addresses' per company: members hear it at most once a day. */
  askAddressesPerCompany: { max: 1, windowSeconds: 24 * 60 * 60 },
});
