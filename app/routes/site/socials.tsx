import { Download, Globe, Mail, Phone, Share2 } from "lucide-react";
import { Link } from "react-router";
import { PlanCards } from "~/components/site/plans";
import { ButtonLink } from "~/components/ui/button";
import { COMPANY_BIO } from "~/server/site/company.server";
import { staticPage } from "~/utils/page-scripts";
import { seo } from "~/utils/seo";
import type { Route } from "./+types/socials";

// Plain HTML: this page ships no JavaScript.
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Socials",
    description: "Save our contact card, find us on social media and see our two card plans.",
    path: "/socials",
  });

export function loader({ context }: Route.LoaderArgs) {
  const { shop, mail, publicUrl } = context.config;
  return {
    name: shop.name,
    bio: COMPANY_BIO,
    website: publicUrl,
    phone: shop.whatsapp,
    email: mail.support,
    socials: shop.socials,
  };
}

const linkClass =
  "flex min-h-12 w-full items-center justify-center gap-2 rounded-xl border border-slate-300 bg-white px-4 py-3 font-semibold text-slate-900 shadow-sm hover:bg-slate-50";

export default function Socials({ loaderData: d }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <header className="text-center">
        <h1 className="text-3xl font-extrabold text-brand-900">{d.name}</h1>
        <p className="mt-3 text-slate-700">{d.bio}</p>
      </header>
      <a
        href="/socials/contact.vcf"
        download
        className="mt-8 flex min-h-12 w-full items-center justify-center gap-2 rounded-xl bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700"
      >
        <Download aria-hidden className="h-5 w-5" />
        Download Contact Card
      </a>
      <nav aria-label="Our links" className="mt-6">
        <ul className="space-y-3">
          <li>
            <a className={linkClass} href={d.website}>
              <Globe aria-hidden className="h-5 w-5" /> Website
            </a>
          </li>
          <li>
            <a className={linkClass} href={`tel:${d.phone.replace(/[^\d+]/g, "")}`}>
              <Phone aria-hidden className="h-5 w-5" /> Call Us
            </a>
          </li>
          {d.socials.map((s) => (
            <li key={s.url}>
              <a className={linkClass} href={s.url} rel="noopener noreferrer" target="_blank">
                <Share2 aria-hidden className="h-5 w-5" /> {s.label}
              </a>
            </li>
          ))}
          <li>
            <a className={linkClass} href={`mailto:${d.email}`}>
              <Mail aria-hidden className="h-5 w-5" /> Email Us
            </a>
          </li>
        </ul>
      </nav>
      <section aria-labelledby="our-cards" className="mt-12">
        <h2 id="our-cards" className="mb-6 text-center text-2xl font-bold text-slate-900">
          Our Cards
        </h2>
        <PlanCards compact headingLevel={3} />
      </section>
      <ButtonLink to="/" variant="secondary" className="mt-10 w-full">
        Go to Website
      </ButtonLink>
      <p className="mt-6 text-center text-sm text-slate-600">
        Questions?{" "}
        <Link to="/contact" className="font-medium text-brand-700 underline">
          Contact us
        </Link>
      </p>
    </div>
  );
}
