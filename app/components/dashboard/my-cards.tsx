// The dashboard's Cards section: the tabs (Overview, then one per card), each card with a preview of its public
// page, sharing and its QR code, a card's profile with its vCard, the scan activity chart, and the form that adds
// an existing card to the account. The QR dialog's code loads on demand, and the parts without behaviour (a card's
// profile, the scan activity) come drawn by the server: the page stays within its JavaScript budget
// (docs/decisions/036-js-budget-121.md).

import { Download, ExternalLink, QrCode, Wallet } from "lucide-react";
import { startTransition, useState } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/field";
import type { MyCard } from "~/server/cards/my-cards.server";
import { cn } from "~/utils/cn";
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "~/utils/form";
import { lazyWithPreload } from "~/utils/lazy";
import { CopyLinkButton } from "./copy-link-button";

/**
 * The QR dialog, loaded when first wanted. It has no Suspense boundary: React streams a finished boundary this far
 * down a page after the rest, by a script, so a browser without JavaScript would never show it. The loader
 * preloads it for ?qr= instead, so the server renders it at once, and the browser opens it in a transition, which
 * keeps the page as it is until the code is there (hydration waits for it the same way).
 */
export const QrCodeDialog = lazyWithPreload(() => import("./qr-code-dialog"));

export const cardActionLinkClass =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50";

/** Overview and one tab per card; plain links with the current one marked, so they work without JavaScript. */
export function CardTabs({ cards, selected }: { cards: MyCard[]; selected: string | null }) {
  const tabs = [
    { to: "/dashboard/cards", label: "Overview", current: selected === null },
    ...cards.map((c) => ({
      to: `/dashboard/cards?card=${c.cardNumber}`,
      label: `Card ${c.cardNumber}`,
      current: selected === c.cardNumber,
    })),
  ];
  return (
    <nav aria-label="Card tabs" className="mb-6 border-b border-slate-200">
      {/* On a phone the tabs wrap onto more rows rather than hide past the screen's edge. */}
      <ul className="flex flex-wrap gap-x-1">
        {tabs.map((t) => (
          <li key={t.to}>
            <Link
              to={t.to}
              aria-current={t.current ? "page" : undefined}
              className={cn(
                "inline-flex min-h-11 items-center whitespace-nowrap border-b-2 px-4 text-sm font-semibold",
                t.current
                  ? "border-brand-600 text-brand-700"
                  : "border-transparent text-slate-700 hover:text-slate-900",
              )}
            >
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function ProfilePhoto({ url, size }: { url: string | null; size: "sm" | "lg" }) {
  const box = size === "lg" ? "h-24 w-24" : "h-16 w-16";
  return url ? (
    <img
      src={url}
      alt=""
      width={size === "lg" ? 96 : 64}
      height={size === "lg" ? 96 : 64}
      className={cn(box, "shrink-0 rounded-full object-cover")}
    />
  ) : (
    <div aria-hidden className={cn(box, "shrink-0 rounded-full bg-slate-200")} />
  );
}

/** A small rendering of the card's public page: what a visitor sees after tapping the card. */
function CardPreview({ card }: { card: MyCard }) {
  return (
    <figure
      aria-label={`Preview of the public page of ${card.name}`}
      className="rounded-2xl border border-slate-200 bg-slate-50 p-4 text-center"
    >
      <div className="flex justify-center">
        <ProfilePhoto url={card.profileImageUrl} size="sm" />
      </div>
      <p className="mt-2 font-bold text-slate-900">{card.name}</p>
      {card.businessName ? <p className="text-sm text-slate-600">{card.businessName}</p> : null}
      {card.bio ? <p className="mt-1 line-clamp-2 text-xs text-slate-600">{card.bio}</p> : null}
      {card.linkList.length ? (
        <ul className="mt-3 space-y-1.5">
          {card.linkList.slice(0, 4).map((l) => (
            <li
              key={l.id}
              className="truncate rounded-full border border-slate-300 bg-white px-3 py-1 text-xs font-medium text-slate-800"
            >
              {l.title}
            </li>
          ))}
          {card.linkList.length > 4 ? (
            <li className="text-xs text-slate-600">and {card.linkList.length - 4} more</li>
          ) : null}
        </ul>
      ) : (
        <p className="mt-3 text-xs text-slate-600">No links yet</p>
      )}
    </figure>
  );
}

export function OwnedCardItem({
  card,
  publicUrl,
  qrOpenOnLoad,
  googleWallet = false,
  appleWallet = false,
}: {
  card: MyCard;
  publicUrl: string;
  /** The address asked for this card's QR code (?qr=), so the dialog is open without JavaScript too. */
  qrOpenOnLoad: boolean;
  /** Whether the shop offers Save to Google Wallet (it is configured). */
  googleWallet?: boolean;
  /** Whether the shop offers Add to Apple Wallet (it is configured). */
  appleWallet?: boolean;
}) {
  const pageUrl = `${publicUrl}/${card.slug}`;
  const [qrOpen, setQrOpen] = useState(false);
  const navigate = useNavigate();
  const closeQr = () => {
    setQrOpen(false);
    if (qrOpenOnLoad) navigate("/dashboard/cards", { replace: true, preventScrollReset: true });
  };
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="grid gap-5 sm:grid-cols-[11rem_minmax(0,1fr)]">
        <CardPreview card={card} />
        <div className="min-w-0">
          <h2 className="truncate text-lg font-bold text-slate-900">{card.name}</h2>
          {card.businessName ? <p className="truncate text-slate-600">{card.businessName}</p> : null}
          <p className="text-sm text-slate-600">
            Card {card.cardNumber}
            {card.paused ? <span className="font-semibold text-amber-800"> · Paused</span> : null}
          </p>
          <dl className="mt-4 grid grid-cols-3 gap-2 text-center">
            {[
              ["Links", card.links],
              ["Views", card.views],
              ["Clicks", card.clicks],
            ].map(([label, value]) => (
              <div key={label} className="rounded-md bg-slate-50 p-2">
                <dt className="text-xs font-medium text-slate-600">{label}</dt>
                <dd className="text-lg font-bold text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 break-all text-sm text-slate-700">
            <span className="font-medium">Public link:</span> {pageUrl}
          </p>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <CopyLinkButton url={pageUrl} />
        <a
          href={`/dashboard/cards?qr=${card.cardNumber}`}
          className={cardActionLinkClass}
          // The dialog's code starts loading as soon as the link is pointed at or focused.
          onPointerEnter={QrCodeDialog.preload}
          onFocus={QrCodeDialog.preload}
          onClick={(e) => {
            e.preventDefault();
            startTransition(() => setQrOpen(true));
          }}
        >
          <QrCode aria-hidden className="h-4 w-4" />
          View QR Code
        </a>
        <a href={`/${card.slug}`} target="_blank" rel="noopener" className={cardActionLinkClass}>
          <ExternalLink aria-hidden className="h-4 w-4" />
          View Public Profile
        </a>
        <a href={`/card/${card.slug}/contact.vcf`} download className={cardActionLinkClass}>
          <Download aria-hidden className="h-4 w-4" />
          Download vCard
        </a>
        <a href={`/dashboard/cards/${card.cardNumber}/brand-kit`} className={cardActionLinkClass}>
          <QrCode aria-hidden className="h-4 w-4" />
          Brand kit
        </a>
        {googleWallet ? (
          <a href={`/dashboard/cards/${card.cardNumber}/wallet/google`} className={cardActionLinkClass}>
            <Wallet aria-hidden className="h-4 w-4" />
            Save to Google Wallet
          </a>
        ) : null}
        {appleWallet ? (
          <a href={`/dashboard/cards/${card.cardNumber}/wallet.pkpass`} className={cardActionLinkClass}>
            <Wallet aria-hidden className="h-4 w-4" />
            Add to Apple Wallet
          </a>
        ) : null}
      </div>
      {qrOpen || qrOpenOnLoad ? <QrCodeDialog card={card} pageUrl={pageUrl} onClose={closeQr} /> : null}
    </li>
  );
}

export function ClaimCardForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "claim";
  const [form, fields] = useForm({
    lastResult,
  });
  return (
    <section aria-labelledby="claim-card-heading" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="claim-card-heading" className="text-lg font-bold text-slate-900">
        Add a card to my account
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Enter the card number and the edit password you received with your card.
      </p>
      {form.errors?.length ? (
        <div className="mt-4">
          <FormMessage>{form.errors[0]}</FormMessage>
        </div>
      ) : null}
      <Form method="post" className="mt-4 space-y-4" {...getFormProps(form)} noValidate>
        <input type="hidden" name="intent" value="claim" />
        <Field
          label="Card number"
          placeholder="WC1234"
          autoComplete="off"
          {...getInputProps(fields.cardNumber, { type: "text" })}
          errors={fields.cardNumber.errors}
        />
        <Field
          label="Edit password"
          autoComplete="off"
          {...getInputProps(fields.password, { type: "password" })}
          errors={fields.password.errors}
        />
        <Button type="submit" disabled={busy}>
          {busy ? "Adding..." : "Add card"}
        </Button>
      </Form>
    </section>
  );
}

export function OrderCardLink() {
  return <ButtonLink to="/order-card">Order Now</ButtonLink>;
}
