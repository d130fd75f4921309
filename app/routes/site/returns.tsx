import { POLICY } from "~/catalog";
import { PageShell, PolicySection } from "~/components/site/page-shell";
import { ButtonLink } from "~/components/ui/button";
import { formatPence } from "~/utils/money";
import { staticPage } from "~/utils/page-scripts";
import { seo } from "~/utils/seo";
import type { Route } from "./+types/returns";

// Plain HTML: this page ships no JavaScript.
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Return Policy",
    description: `Cancel within ${POLICY.cancelWindowHours} hours for a refund; defective cards reported within ${POLICY.defectReportDays} days are replaced or refunded.`,
    path: "/returns",
  });

export default function Returns() {
  return (
    <PageShell
      title="Return Policy"
      intro="Every card is made to order for you. Here is how cancellations and returns work."
    >
      <PolicySection title="Cancelling an Order">
        <p>
          You can cancel your order within {POLICY.cancelWindowHours} hours of your order confirmation. We
          refund the amount you paid less a {formatPence(POLICY.processingCharge)} processing charge.
        </p>
      </PolicySection>
      <PolicySection title="Defective Cards">
        <p>
          If your card does not work when it arrives, tell us within {POLICY.defectReportDays} days of
          delivery. We will replace it or refund you in full, whichever you prefer.
        </p>
      </PolicySection>
      <PolicySection title="Refunds">
        <p>Refunds are paid to the card or account you paid with, within {POLICY.refundDays} of approval.</p>
      </PolicySection>
      <PolicySection title="How to Ask">
        <p>
          Send us a message with your order number (it starts with WC) and, for a defective card, a short
          description of the problem.
        </p>
      </PolicySection>
      <div className="mt-12 text-center">
        <ButtonLink to="/contact" className="px-6 text-base">
          Contact Us
        </ButtonLink>
      </div>
    </PageShell>
  );
}
