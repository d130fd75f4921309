import { Carousel } from "~/components/site/carousel";
import { FEATURES } from "~/components/site/content";
import { PageShell } from "~/components/site/page-shell";
import { ButtonLink } from "~/components/ui/button";
import { seo } from "~/utils/seo";
import type { Route } from "./+types/features";

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
