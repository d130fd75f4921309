import { Carousel } from "~/components/site/carousel";
import { HOW_IT_WORKS, WHY_CHOOSE } from "~/components/site/content";
import { ButtonLink } from "~/components/ui/button";
import { DELIVERY_OPTIONS } from "~/delivery-options";
import { useRootData } from "~/root";
import { pageWithIslands } from "~/utils/page-scripts";
import { seo } from "~/utils/seo";
import type { Route } from "./+types/home";

// Rendered on the server; only the carousel script runs in the browser.
export const handle = pageWithIslands("carousel");

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Tap-to-share NFC cards | Share your links with one tap",
    description: `NFC cards that open your links on any phone with one tap. No app needed. Delivered in ${DELIVERY_OPTIONS["uk-standard"].promise} in the UK.`,
    path: "/",
  });

export default function Home() {
  const name = useRootData()?.site.name ?? "TapCard";
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-16 text-center sm:py-24">
          <h1 className="text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">
            Share everything with one tap
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-700">
            {name} NFC cards open your links, socials and contact details on any phone. Nobody needs an app.
          </p>
          <div className="mt-10 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/order-card" className="px-6 text-base">
              Get Your Card
            </ButtonLink>
          </div>
        </div>
      </section>

      <section aria-labelledby="how-it-works" className="px-4 py-14">
        <h2 id="how-it-works" className="mb-8 text-center text-3xl font-bold text-slate-900">
          How It Works
        </h2>
        <Carousel label="How it works" unit="Step" slides={HOW_IT_WORKS} />
      </section>

      <section aria-labelledby="why-choose" className="bg-slate-50 px-4 py-14">
        <h2 id="why-choose" className="mb-8 text-center text-3xl font-bold text-slate-900">
          Why Choose {name}?
        </h2>
        <Carousel label={`Why choose ${name}`} unit="Feature" slides={WHY_CHOOSE} />
      </section>

      <section aria-labelledby="get-started" className="px-4 py-16 text-center">
        <h2 id="get-started" className="text-3xl font-bold text-slate-900">
          Get Started
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-slate-700">
          Pick the card that fits you: one permanent link, or a whole profile page you can change at any time.
        </p>
        <ButtonLink to="/pricing" className="mt-8 px-6 text-base">
          View Pricing
        </ButtonLink>
      </section>
    </>
  );
}
