import { LastUpdated, PageShell, PolicySection } from "~/components/site/page-shell";
import { useRootData } from "~/root";
import { staticPage } from "~/utils/page-scripts";
import { seo } from "~/utils/seo";
import type { Route } from "./+types/privacy";

// Plain HTML: this page ships no JavaScript.
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Privacy Policy",
    description: "What personal data we collect, why we collect it, how long we keep it and your rights.",
    path: "/privacy",
  });

export default function Privacy() {
  const site = useRootData()?.site;
  const name = site?.name ?? "TapCard";
  const email = site?.supportEmail ?? "";
  return (
    <PageShell title="Privacy Policy">
      <LastUpdated date="November 27, 2026" />
      <PolicySection title="1. Information We Collect">
        <p>We collect only what we need to make, deliver and run your card:</p>
        <ul>
          <li>Order details: your name, e-mail address, phone number and delivery address.</li>
          <li>Card page content you give us: name, business name, bio, links and profile image.</li>
          <li>Account details if you register: name, e-mail address and a securely hashed password.</li>
          <li>Messages you send us through the contact form or by e-mail.</li>
          <li>Details you choose to share with a card's owner from their card page (see section 4).</li>
          <li>Anonymous counts of visits to card pages and clicks on their links.</li>
        </ul>
      </PolicySection>
      <PolicySection title="2. How We Use Your Information">
        <p>
          We use your information to process and deliver orders, publish your card page, answer your messages,
          keep your account secure and meet our legal obligations. We do not sell your data.
        </p>
      </PolicySection>
      <PolicySection title="3. Sharing Your Information">
        <p>
          We share data only with the services that help us run the shop: our payment provider (for card
          payments), our delivery partner, our e-mail provider and our hosting provider. Each may use it only
          to provide that service. The content of your card page is public by design.
        </p>
      </PolicySection>
      <PolicySection title="4. Details You Share with a Card Owner">
        <p>
          A card's owner may let visitors to their card page share their own details with them. Nothing is
          collected unless you fill in that form and tick the box agreeing that the owner may contact you and
          keep your details. We then keep your name, the e-mail address or phone number you gave, and any
          company, job title and note you added, for that owner only, and tell the owner by e-mail. We never
          e-mail the address you type, and we do not use your details for anything else.
        </p>
        <p>
          The card's owner decides what happens to your details from then on. To have them removed, ask the
          owner, who can delete them at any time; or e-mail us at <a href={`mailto:${email}`}>{email}</a> with
          the card's address and the details you shared, and we will remove them. Details are deleted with the
          owner's account.
        </p>
      </PolicySection>
      <PolicySection title="5. Cookies">
        <p>
          We use only the cookies the site needs to work: your sign-in session, your shopping cart, a
          short-lived cookie that carries on-screen messages, and a referral cookie kept for 30 days when you
          arrive through a referral link. We do not use advertising or tracking cookies. Card pages set no
          cookies.
        </p>
      </PolicySection>
      <PolicySection title="6. Data Retention">
        <p>
          We keep order records for as long as the law requires for accounting. Card pages stay online while
          the card is in use. Contact messages are kept for up to two years. You can ask us to delete your
          data at any time, subject to those legal duties.
        </p>
      </PolicySection>
      <PolicySection title="7. Data Security">
        <p>
          Passwords are stored only as secure hashes, every page is served over an encrypted connection and
          access to customer data is limited to the staff who need it.
        </p>
      </PolicySection>
      <PolicySection title="8. Your Rights">
        <p>
          Under UK data protection law you may ask for a copy of your data, correct it, delete it, restrict or
          object to its use, and take it elsewhere. You may also complain to the Information Commissioner's
          Office (ico.org.uk).
        </p>
      </PolicySection>
      <PolicySection title="9. Children's Privacy">
        <p>
          Our products are not intended for children under 16, and we do not knowingly collect their data. If
          you believe a child has given us personal data, please contact us and we will delete it.
        </p>
      </PolicySection>
      <PolicySection title="10. Contact Us">
        <p>
          {name} is responsible for your data. For any privacy question or request, e-mail us at{" "}
          <a href={`mailto:${email}`}>{email}</a>.
        </p>
      </PolicySection>
    </PageShell>
  );
}
