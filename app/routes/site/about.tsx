import { PageShell, PolicySection } from "~/components/site/page-shell";
import { ButtonLink } from "~/components/ui/button";
import { useRootData } from "~/root";
import { staticPage } from "~/utils/page-scripts";
import { seo } from "~/utils/seo";
import type { Route } from "./+types/about";

// Plain HTML: this page ships no JavaScript.
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "About Us",
    description: "Who we are: a UK company, founded in 2023, making tap-to-share NFC cards for everyone.",
    path: "/about",
  });

export default function About() {
  const name = useRootData()?.site.name ?? "TapCard";
  return (
    <PageShell title={`About ${name}`} intro="Making it effortless to share who you are.">
      <PolicySection title="Our Story">
        <p>
          {name} was founded in 2023 in the United Kingdom. We kept meeting people who lost business cards,
          misspelled handles and typed links into the wrong box, and we thought sharing your details should
          take one tap.
        </p>
        <p>
          So we built NFC cards that open your links on any phone. The person you meet needs no app: they tap,
          and your page opens.
        </p>
      </PolicySection>
      <PolicySection title="Our Mission">
        <p>
          Our mission is to make networking simple, fast and paper-free for individuals, creators and small
          businesses. Every card is durable, water-resistant and needs no battery, so it keeps working for
          years.
        </p>
      </PolicySection>
      <PolicySection title="What We Offer">
        <ul>
          <li>One Link cards that open one permanent link.</li>
          <li>Multi Link cards with a profile page of all your links, which you can change at any time.</li>
          <li>Tracked and signed delivery in the UK, and shipping worldwide.</li>
        </ul>
      </PolicySection>
      <div className="mt-12 text-center">
        <ButtonLink to="/contact" className="px-6 text-base">
          Get in Touch
        </ButtonLink>
      </div>
    </PageShell>
  );
}
