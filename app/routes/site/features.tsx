import { CreditCard, LayoutDashboard, Share2, Smartphone, Truck, Wifi } from "lucide-react";
import { Carousel, type Slide } from "~/components/site/carousel";
import { PageShell } from "~/components/site/page-shell";
import { ButtonLink } from "~/components/ui/button";
import { deliveryTimes } from "~/utils/delivery-text";
import { pageWithIslands } from "~/utils/page-scripts";
import { seo } from "~/utils/seo";
import type { Route } from "./+types/features";

const icon = "h-7 w-7";

const FEATURES: Slide[] = [
  {
    title: "Digital Profile Sharing",
    body: "Your name, bio and links on one page that opens with a tap of your card.",
    icon: <Share2 aria-hidden className={icon} />,
  },
  {
    title: "Personal Dashboard",
    body: "See how often your card is tapped and your links are clicked, change your links, and keep your details up to date.",
    icon: <LayoutDashboard aria-hidden className={icon} />,
  },
  {
    title: "Premium Card Quality",
    body: "A durable, water-resistant card that stays smart in a wallet or a pocket.",
    icon: <CreditCard aria-hidden className={icon} />,
  },
  {
    title: "Instant Connectivity",
    body: "NFC connects in a fraction of a second: no pairing, no Bluetooth, no Wi-Fi needed.",
    icon: <Wifi aria-hidden className={icon} />,
  },
  {
    title: "Works With All Phones",
    body: "Compatible with NFC-enabled Android phones and iPhones. The person you meet needs no app.",
    icon: <Smartphone aria-hidden className={icon} />,
  },
  {
    title: "Fast Delivery",
    body: deliveryTimes(),
    icon: <Truck aria-hidden className={icon} />,
  },
];

// Rendered on the server; only the carousel script runs in the browser.
export const handle = pageWithIslands("carousel");

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Features",
    description:
      "Digital profile sharing, a personal dashboard, premium cards, instant NFC connection, every phone, fast delivery.",
    path: "/features",
  });

export default function Features() {
  return (
    <PageShell title="Features" intro="Everything you need to share your details with a single tap.">
      <Carousel label="Features" unit="Feature" slides={FEATURES} headingLevel={2} />
      <div className="mt-12 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/order-card" className="px-6 text-base">
          Get Your Card
        </ButtonLink>
        <ButtonLink to="/pricing" variant="secondary" className="px-6 text-base">
          View Pricing
        </ButtonLink>
      </div>
    </PageShell>
  );
}
