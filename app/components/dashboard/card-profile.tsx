// A card's tab in My Cards: its profile as the public page shows it (the phones and e-mails its buttons and its
// vCard give), the vCard, the public page and the switch for visitors' 'Share your details' form. Rendered only on the server (the Cards route draws it to HTML): its one form
// is a plain form post, so the browser gets its HTML and not its code.
import { Download, ExternalLink, Mail, Palette, Phone } from "lucide-react";
import type { MyCard } from "~/server/cards/my-cards.server";
import { cardReach, telHref } from "~/utils/card-reach";
import { cardActionLinkClass, ProfilePhoto } from "./my-cards";

export function CardProfile({ card, publicUrl }: { card: MyCard; publicUrl: string }) {
  // What the public page and its 'Save contact' give visitors, worked out as they work it out.
  const reach = cardReach({
    contactPhone: card.contactPhone,
    contactEmail: card.contactEmail,
    links: card.linkList,
  });
  return (
    <section
      aria-labelledby="card-profile-heading"
      className="rounded-xl border border-slate-200 bg-white p-5"
    >
      <div className="flex flex-wrap items-center gap-4">
        <ProfilePhoto url={card.profileImageUrl} size="lg" />
        <div className="min-w-0">
          <h2 id="card-profile-heading" className="text-xl font-bold text-slate-900">
            {card.name}
          </h2>
          {card.businessName ? <p className="text-slate-700">{card.businessName}</p> : null}
          <p className="text-sm text-slate-600">Card {card.cardNumber}</p>
        </div>
      </div>
      <dl className="mt-5 space-y-3 text-sm">
        <ReachRow
          term="Phone"
          values={reach.phones}
          href={telHref}
          icon={<Phone aria-hidden className="h-4 w-4" />}
        />
        <ReachRow
          term="E-mail"
          values={reach.emails}
          href={(e) => `mailto:${e}`}
          icon={<Mail aria-hidden className="h-4 w-4" />}
        />
        <div>
          <dt className="font-medium text-slate-600">Bio</dt>
          <dd className="whitespace-pre-line text-slate-900">{card.bio || "Not on the card"}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600">Public link</dt>
          <dd className="break-all text-slate-900">{`${publicUrl}/${card.slug}`}</dd>
        </div>
      </dl>
      <ContactExchangeSwitch card={card} />
      <div className="mt-5 flex flex-wrap gap-2">
        <a href={`/card/${card.slug}/contact.vcf`} download className={cardActionLinkClass}>
          <Download aria-hidden className="h-4 w-4" />
          Download vCard
        </a>
        <a href={`/${card.slug}`} target="_blank" rel="noopener" className={cardActionLinkClass}>
          <ExternalLink aria-hidden className="h-4 w-4" />
          View Public Profile
        </a>
        <a href={`/dashboard/cards/${card.cardNumber}/design`} className={cardActionLinkClass}>
          <Palette aria-hidden className="h-4 w-4" />
          Design your page
        </a>
      </div>
    </section>
  );
}

/** A way to reach the owner, one link per value, or 'Not on the card' when the page gives none. */
function ReachRow({
  term,
  values,
  href,
  icon,
}: {
  term: string;
  values: string[];
  href: (value: string) => string;
  icon: React.ReactNode;
}) {
  return (
    <div>
      <dt className="font-medium text-slate-600">{term}</dt>
      {values.length ? (
        values.map((v) => (
          <dd key={v} className="break-all text-slate-900">
            <a href={href(v)} className="inline-flex items-center gap-1 underline">
              {icon}
              {v}
            </a>
          </dd>
        ))
      ) : (
        <dd className="text-slate-900">Not on the card</dd>
      )}
    </div>
  );
}

/** The card's 'Share your details' form on its public page, on or off: saved as soon as it is pressed. */
function ContactExchangeSwitch({ card }: { card: MyCard }) {
  const on = card.contactExchange;
  return (
    <form
      method="post"
      className="mt-5 flex items-center justify-between gap-3 rounded-md border border-slate-200 bg-slate-50 p-3"
    >
      <input type="hidden" name="intent" value="contact-exchange" />
      <input type="hidden" name="cardId" value={card.id} />
      <input type="hidden" name="on" value={String(!on)} />
      <span id="contact-exchange-label" className="text-sm font-medium text-slate-900">
        Let people share their details with you
      </span>
      <button
        type="submit"
        role="switch"
        aria-checked={on}
        aria-labelledby="contact-exchange-label"
        className={`min-h-11 min-w-16 shrink-0 rounded-full px-4 text-sm font-semibold ${on ? "bg-brand-600 text-white" : "bg-slate-200 text-slate-900"}`}
      >
        {on ? "On" : "Off"}
      </button>
    </form>
  );
}
