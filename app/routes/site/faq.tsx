import { ChevronDown } from "lucide-react";
import { CARDS, POLICY, UPDATE_REQUEST_PRICE } from "~/catalog";
import { PageShell } from "~/components/site/page-shell";
import { ButtonLink } from "~/components/ui/button";
import { deliveryPriceList, deliveryTimes } from "~/utils/delivery-text";
import { formatPence } from "~/utils/money";
import { staticPage } from "~/utils/page-scripts";
import { seo } from "~/utils/seo";
import type { Route } from "./+types/faq";

// Plain HTML: this page ships no JavaScript.
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "FAQ",
    description: "Answers about our NFC cards: how they work, prices, delivery, changing links and returns.",
    path: "/faq",
  });

const one = formatPence(CARDS["one-link"].price, { whole: true });
const multi = formatPence(CARDS["multi-link"].price, { whole: true });

const FAQS: { q: string; a: string }[] = [
  {
    q: "What is an NFC card and how does it work?",
    a: "An NFC card holds a tiny chip. When someone holds their phone near the card, the phone reads the chip and opens your link or profile page straight away.",
  },
  {
    q: "Does the other person need an app?",
    a: "No. Modern iPhones and NFC-enabled Android phones read the card without any app. The card has no battery and never needs charging.",
  },
  {
    q: "How much does a card cost?",
    a: `A One Link card costs ${one} and a Multi Link card costs ${multi}. It is a one-off price with no monthly fees. Delivery is charged once per order, as you choose at checkout: ${deliveryPriceList({ promises: false })}.`,
  },
  {
    q: "What is the difference between One Link and Multi Link?",
    a: "A One Link card opens a single link, written to the chip, which is permanent. A Multi Link card opens a profile page with your name, bio and as many links as you need.",
  },
  {
    q: "Can I change my links after I receive my card?",
    a: `Yes, on a Multi Link card: each change (adding or removing a link, or a new profile image) costs ${formatPence(UPDATE_REQUEST_PRICE, { whole: true })} through the Update Links page. The link on a One Link card is permanent.`,
  },
  {
    q: "How long does delivery take?",
    a: deliveryTimes(),
  },
  {
    q: "Can I cancel or return my order?",
    a: `You can cancel within ${POLICY.cancelWindowHours} hours of your order confirmation for a refund less a ${formatPence(POLICY.processingCharge)} processing charge; refunds take ${POLICY.refundDays}. A defective card reported within ${POLICY.defectReportDays} days is replaced or refunded.`,
  },
  {
    q: "Is the card durable?",
    a: "Yes. The card is made of a durable, water-resistant material, and the chip works for thousands of taps. Keep it away from strong heat and avoid bending it.",
  },
];

export default function Faq() {
  return (
    <PageShell title="Frequently Asked Questions" intro="Quick answers to the questions we hear most.">
      <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {FAQS.map((item) => (
          // Exclusive accordion: <details> sharing a name keep one item open at a time, without JavaScript.
          <details key={item.q} name="faq" className="group">
            <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
              <h2 className="text-base">{item.q}</h2>
              <ChevronDown
                aria-hidden
                className="h-5 w-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180"
              />
            </summary>
            <p className="px-5 pb-5 text-slate-700">{item.a}</p>
          </details>
        ))}
      </div>
      <div className="mt-12 text-center">
        <p className="text-slate-700">Still have a question?</p>
        <ButtonLink to="/contact" className="mt-4 px-6 text-base">
          Contact Us
        </ButtonLink>
      </div>
    </PageShell>
  );
}
