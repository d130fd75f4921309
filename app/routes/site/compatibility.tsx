import { PageShell, PolicySection } from "~/components/site/page-shell";
import { ButtonLink } from "~/components/ui/button";
import { staticPage } from "~/utils/page-scripts";
import { seo } from "~/utils/seo";
import type { Route } from "./+types/compatibility";

// Plain HTML: this page ships no JavaScript.
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Compatibility List",
    description: "Which iPhones and Android phones read our NFC cards, and how to turn NFC on.",
    path: "/compatibility",
  });

export default function Compatibility() {
  return (
    <PageShell
      title="Compatibility List"
      intro="Our cards work with almost every smartphone made in the last few years. Nobody needs an app."
    >
      <PolicySection title="iPhone">
        <ul>
          <li>
            iPhone XS, XS Max, XR and every later model read the card automatically: just hold the top of the
            phone near the card.
          </li>
          <li>
            iPhone 7, 8 and X read the card with the NFC Tag Reader in Control Centre (iOS 14 or later).
          </li>
          <li>iPhone 6 and earlier cannot read NFC tags.</li>
        </ul>
      </PolicySection>
      <PolicySection title="Android">
        <ul>
          <li>
            Most Android phones have NFC, including Samsung Galaxy, Google Pixel, OnePlus, Xiaomi, Motorola,
            Sony and Huawei models.
          </li>
          <li>
            NFC must be switched on: open Settings and search for "NFC", or use the NFC tile in quick
            settings.
          </li>
          <li>Hold the middle of the back of the phone near the card; the screen must be unlocked.</li>
        </ul>
      </PolicySection>
      <PolicySection title="Tips for a Good Tap">
        <ul>
          <li>Remove thick or metal phone cases if the card is not detected.</li>
          <li>Hold the card still against the phone for a second.</li>
          <li>Keep the card away from other NFC cards, such as bank cards, while tapping.</li>
        </ul>
      </PolicySection>
      <div className="mt-12 text-center">
        <ButtonLink to="/contact" variant="secondary" className="px-6 text-base">
          Contact Us
        </ButtonLink>
      </div>
    </PageShell>
  );
}
