import { POLICY } from "~/catalog";
import { LastUpdated, PageShell, PolicySection } from "~/components/site/page-shell";
import { useRootData } from "~/root";
import { deliveryPriceList, deliveryTimes } from "~/utils/delivery-text";
import { formatPence } from "~/utils/money";
import { staticPage } from "~/utils/page-scripts";
import { seo } from "~/utils/seo";
import type { Route } from "./+types/terms";

// Plain HTML: this page ships no JavaScript.
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Terms of Service",
    description: "The terms that apply when you buy and use our NFC cards and card pages.",
    path: "/terms",
  });

export default function Terms() {
  const site = useRootData()?.site;
  const name = site?.name ?? "TapCard";
  const email = site?.supportEmail ?? "";
  return (
    <PageShell title="Terms of Service">
      <LastUpdated date="April 6, 2025" />
      <PolicySection title="1. Acceptance of Terms">
        <p>
          By ordering from {name} or using our website and card pages you agree to these terms. If you do not
          agree, please do not use our services.
        </p>
      </PolicySection>
      <PolicySection title="2. Products and Services">
        <p>
          We sell NFC cards that open a link or a card page when tapped with a phone, and paid updates to
          existing cards. A One Link card's link is written to the chip and is permanent. A Multi Link card
          opens a card page hosted by us.
        </p>
      </PolicySection>
      <PolicySection title="3. Orders and Payment">
        <p>
          Prices are shown in pounds sterling and include VAT where it applies. You can pay by card or by bank
          transfer (with your order number as the reference), as offered at checkout. We start making your
          card once payment is received.
        </p>
      </PolicySection>
      <PolicySection title="4. Delivery">
        <p>
          {deliveryTimes()} Delivery is chosen at checkout and charged once per order: {deliveryPriceList()}.
          The UK options deliver only to addresses in the United Kingdom.
        </p>
      </PolicySection>
      <PolicySection title="5. Cancellations, Returns and Refunds">
        <p>
          You may cancel within {POLICY.cancelWindowHours} hours of your order confirmation for a refund less
          a {formatPence(POLICY.processingCharge)} processing charge. Refunds are paid within{" "}
          {POLICY.refundDays}. A card that is defective and reported within {POLICY.defectReportDays} days of
          delivery is replaced or refunded. This does not affect your statutory rights.
        </p>
      </PolicySection>
      <PolicySection title="6. Card Pages and Content">
        <p>
          You are responsible for the links and content on your card. We may remove content that is unlawful,
          harmful or misleading, and links that do not use a web, e-mail or phone address.
        </p>
      </PolicySection>
      <PolicySection title="7. Accounts">
        <p>
          Keep your password and your card's edit password safe. Our services are not intended for children
          under 16.
        </p>
      </PolicySection>
      <PolicySection title="8. Limitation of Liability">
        <p>
          We are not liable for losses that were not foreseeable, or for the content of websites your links
          point to. Nothing in these terms limits liability that cannot be limited by law.
        </p>
      </PolicySection>
      <PolicySection title="9. Contact Us">
        <p>
          Questions about these terms? E-mail us at <a href={`mailto:${email}`}>{email}</a>. These terms are
          governed by the laws of England and Wales.
        </p>
      </PolicySection>
    </PageShell>
  );
}
