import { PageShell, PolicySection } from "~/components/site/page-shell";
import { staticPage } from "~/utils/page-scripts";
import { seo } from "~/utils/seo";
import type { Route } from "./+types/safety";

// Plain HTML: this page ships no JavaScript.
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Safety Guidelines",
    description: "How to look after your NFC card and share your details safely.",
    path: "/safety",
  });

export default function Safety() {
  return (
    <PageShell title="Safety Guidelines" intro="Simple advice to keep your card, and your details, safe.">
      <PolicySection title="Looking After Your Card">
        <ul>
          <li>The card is water-resistant, not waterproof: wipe it dry if it gets wet and do not soak it.</li>
          <li>Keep it away from strong heat such as car dashboards in summer, radiators and open flames.</li>
          <li>Do not bend, cut or pierce the card: the chip and its aerial sit inside.</li>
          <li>
            The card has no battery and gives off no radiation; it is powered only while a phone reads it.
          </li>
        </ul>
      </PolicySection>
      <PolicySection title="Sharing Safely">
        <ul>
          <li>Share only the details you are happy for anyone who taps your card to see.</li>
          <li>Avoid putting your home address or personal documents behind your links.</li>
          <li>Keep your card's edit password private and never share it with anyone who contacts you.</li>
          <li>We will never ask for your password by e-mail, phone or message.</li>
        </ul>
      </PolicySection>
      <PolicySection title="If Your Card Is Lost">
        <p>
          Contact us straight away. For a Multi Link card we can change or take down the page it opens, so a
          lost card no longer shares your details.
        </p>
      </PolicySection>
      <PolicySection title="Children">
        <p>Our cards are not intended for children under 16. Keep cards away from small children.</p>
      </PolicySection>
    </PageShell>
  );
}
