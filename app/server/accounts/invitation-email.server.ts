// The e-mail of an invitation to a company: sent by the organization plugin (auth.server.ts) for one invitation and
// by the people CSV for many.
import { composeEmail } from "../platform/email/templates.server";

/** An invitation to join a company: the link works once, for this address only, for 7 days. */
export function companyInvitationEmail(o: {
  shop: string;
  to: string;
  company: string;
  inviter: string;
  role: string;
  url: string;
}) {
  return composeEmail({
    shop: o.shop,
    to: o.to,
    subject: `${o.inviter} invited you to join ${o.company} on ${o.shop}`,
    greeting: "Hello,",
    lines: [
      `${o.inviter} invited you to join ${o.company} on ${o.shop} as ${o.role === "admin" ? "an admin" : `a ${o.role}`}.`,
      `Sign in or create an account with this e-mail address (${o.to}), then accept the invitation. The link works for 7 days.`,
    ],
    action: { label: "See the invitation", url: o.url },
    after: ["If you were not expecting this, you can ignore this message."],
  });
}
