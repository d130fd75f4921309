// The dashboard's Cards section: the customer's card pages with their public links, and the form that adds an
// existing card to the account.
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Download, ExternalLink, QrCode, Share2 } from "lucide-react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { Field, FormMessage } from "~/components/ui/field";
import { ClaimCardSchema } from "~/schemas/claim-card";
import type { OwnedCard } from "~/server/cards/ownership.server";
import { notify } from "~/utils/toast";
import { useHydrated } from "~/utils/use-hydrated";

const linkClass =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50";

export function OwnedCardItem({ card, publicUrl }: { card: OwnedCard; publicUrl: string }) {
  const pageUrl = `${publicUrl}/${card.slug}`;
  const qrUrl = `/card/${card.slug}/qr.svg`;
  const [qrOpen, setQrOpen] = useState(false);
  const hydrated = useHydrated();
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center gap-4">
        {card.profileImageUrl ? (
          <img
            src={card.profileImageUrl}
            alt=""
            width={64}
            height={64}
            className="h-16 w-16 shrink-0 rounded-full object-cover"
          />
        ) : (
          <div aria-hidden className="h-16 w-16 shrink-0 rounded-full bg-slate-200" />
        )}
        <div className="min-w-0">
          <h2 className="truncate text-lg font-bold text-slate-900">{card.name}</h2>
          {card.businessName ? <p className="truncate text-slate-600">{card.businessName}</p> : null}
          <p className="text-sm text-slate-600">Card {card.cardNumber}</p>
        </div>
      </div>
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
      <div className="mt-4 flex flex-wrap gap-2">
        <a href={`/${card.slug}`} target="_blank" rel="noopener" className={linkClass}>
          <ExternalLink aria-hidden className="h-4 w-4" />
          View Public Profile
        </a>
        <a href={`/card/${card.slug}/contact.vcf`} download className={linkClass}>
          <Download aria-hidden className="h-4 w-4" />
          Download vCard
        </a>
        <a
          href={qrUrl}
          className={linkClass}
          onClick={(e) => {
            e.preventDefault();
            setQrOpen(true);
          }}
        >
          <QrCode aria-hidden className="h-4 w-4" />
          View QR Code
        </a>
        {hydrated ? (
          <Button
            variant="secondary"
            onClick={async () => {
              try {
                await navigator.clipboard.writeText(pageUrl);
                notify({ type: "success", title: "Your profile link has been copied to clipboard" });
              } catch {
                notify({
                  type: "error",
                  title: "The link could not be copied. Please copy it from the page.",
                });
              }
            }}
          >
            <Share2 aria-hidden className="h-4 w-4" />
            Share
          </Button>
        ) : null}
      </div>
      {qrOpen ? (
        <Dialog
          title={`QR code for ${card.name}`}
          closeTo="/dashboard/cards"
          onClose={() => setQrOpen(false)}
        >
          <img
            src={qrUrl}
            alt={`QR code that opens ${pageUrl}`}
            width={256}
            height={256}
            className="mx-auto"
          />
        </Dialog>
      ) : null}
    </li>
  );
}

export function ClaimCardForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "claim";
  const [form, fields] = useForm({
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ClaimCardSchema }),
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
