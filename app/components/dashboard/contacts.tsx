// Contacts: the search and card filter with the exports, the list (newest first) with its pager, and one
// contact's page with its vCard, 'Add to prospects' and the delete confirmation. Works without JavaScript.
import { Download, Filter, Trash2, UserPlus } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { FieldFrame } from "~/components/ui/field";
import { FilterSelect } from "~/components/ui/filter-select";
import { Input } from "~/components/ui/input";
import { Pager } from "~/components/ui/pager";
import { Select } from "~/components/ui/select";
import { CONTACT_LIMITS } from "~/schemas/contact-options";
import type { ContactData, ContactFilters, ContactsData } from "~/server/contacts/contacts.server";
import { formatMoment } from "~/utils/dates";

const panel = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";
const linkClass = "font-semibold text-brand-700 underline";
const outlineLink =
  "inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-50";

/** The address of the list (or an export) with the current filters. */
function contactsHref(
  filters: ContactFilters,
  extra: Record<string, string> = {},
  base = "/dashboard/contacts",
) {
  const params = new URLSearchParams({
    ...(filters.q ? { q: filters.q } : {}),
    ...(filters.card ? { card: filters.card } : {}),
    ...extra,
  }).toString();
  return `${base}${params ? `?${params}` : ""}`;
}

/** A phone number as a tel: address: digits and a leading plus only. */
const telHref = (phone: string) => `tel:${phone.replace(/(?!^\+)[^\d]/g, "")}`;

/** `base`: the list's address (a company's list is its own); the exports are below it. */
export function ContactFiltersForm({
  data,
  base = "/dashboard/contacts",
}: {
  data: ContactsData;
  base?: string;
}) {
  const scope = data.filtered ? "these" : "all";
  return (
    <div className="space-y-3">
      <Form
        method="get"
        action={base}
        className="flex flex-wrap items-end gap-3"
        aria-label="Filter contacts"
      >
        <div className="space-y-1.5">
          <label htmlFor="contacts-q" className="block text-sm font-medium">
            Search by name, e-mail or company
          </label>
          <Input
            id="contacts-q"
            name="q"
            type="search"
            variant="toolbar"
            maxLength={CONTACT_LIMITS.search}
            defaultValue={data.filters.q}
            className="w-64 max-w-full"
          />
        </div>
        {data.cards.length ? (
          <FilterSelect
            id="contacts-card"
            name="card"
            label="Card"
            allLabel="All cards"
            value={data.filters.card}
            options={data.cards.map((c) => ({ value: c.id, label: c.label }))}
          />
        ) : null}
        <Button type="submit" variant="secondary">
          <Filter aria-hidden className="size-4" /> Filter
        </Button>
      </Form>
      <div className="flex flex-wrap gap-3">
        <a href={contactsHref(data.filters, {}, `${base}/export.csv`)} download className={outlineLink}>
          <Download aria-hidden className="size-4" /> Export {scope} as CSV
        </a>
        <a href={contactsHref(data.filters, {}, `${base}/export.vcf`)} download className={outlineLink}>
          <Download aria-hidden className="size-4" /> Export {scope} as vCards
        </a>
      </div>
      <p className="text-sm text-slate-600">
        The CSV file imports into Cold Calling, Prospects as it is; the vCard file opens in a phone's
        contacts.
      </p>
    </div>
  );
}

/** `opens`: each name links to the contact's own page (the owner's list); a company's list shows them only. */
export function ContactsList({ data, opens = true }: { data: ContactsData; opens?: boolean }) {
  if (data.contacts.length === 0)
    return (
      <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-slate-600">
        No contacts match these filters.
      </p>
    );
  return (
    <ul
      aria-label="Contacts"
      className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
    >
      {data.contacts.map((c) => (
        <li key={c.id} className="p-4">
          <p className="flex flex-wrap items-baseline justify-between gap-x-3">
            {opens ? (
              <Link to={`/dashboard/contacts/${c.id}`} className={linkClass}>
                {c.name}
              </Link>
            ) : (
              <span className="font-semibold text-slate-900">{c.name}</span>
            )}
            <time dateTime={c.createdAt} className="text-sm text-slate-600">
              {formatMoment(c.createdAt)}
            </time>
          </p>
          {c.company || c.email ? (
            <p className="mt-1 break-words text-sm text-slate-800">
              {[c.company, c.email].filter(Boolean).join(" · ")}
            </p>
          ) : null}
          <p className="mt-1 text-sm text-slate-600">
            From {c.card}, by {c.sourceLabel}
          </p>
        </li>
      ))}
    </ul>
  );
}

export function ContactsPager({ data, base = "/dashboard/contacts" }: { data: ContactsData; base?: string }) {
  return (
    <Pager
      label="Contacts pagination"
      page={data.page}
      pages={data.pages}
      hasNext={data.page < data.pages}
      href={(page) => contactsHref(data.filters, { page: String(page) }, base)}
    />
  );
}

export function ContactsEmpty() {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
      <p className="font-semibold text-slate-800">No contacts yet</p>
      <p className="mt-2 text-sm text-slate-600">
        Turn on 'Let people share their details with you' for a card in Cards, and the details people share
        from its page appear here.
      </p>
    </div>
  );
}

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

export function ContactDetails({ data }: { data: ContactData }) {
  const c = data.contact;
  const none = <span className="text-slate-500">Not given</span>;
  return (
    <section aria-labelledby="contact-details-heading" className={panel}>
      <h2 id="contact-details-heading" className="text-lg font-bold">
        Details
      </h2>
      <dl className="mt-2 divide-y divide-slate-200">
        <Detail term="Name">{c.name}</Detail>
        <Detail term="E-mail">
          {c.email ? (
            <a href={`mailto:${c.email}`} className={linkClass}>
              {c.email}
            </a>
          ) : (
            none
          )}
        </Detail>
        <Detail term="Phone">
          {c.phone ? (
            <a href={telHref(c.phone)} className={linkClass}>
              {c.phone}
            </a>
          ) : (
            none
          )}
        </Detail>
        <Detail term="Company">{c.company ?? none}</Detail>
        <Detail term="Job title">{c.jobTitle ?? none}</Detail>
        <Detail term="Note">{c.note ? <span className="whitespace-pre-line">{c.note}</span> : none}</Detail>
        <Detail term="Shared">
          <time dateTime={c.createdAt}>{formatMoment(c.createdAt)}</time>
        </Detail>
        <Detail term="From card">{c.card}</Detail>
        <Detail term="Page opened by">{c.sourceLabel}</Detail>
        <Detail term="Consent given">
          <time dateTime={c.consentedAt}>{formatMoment(c.consentedAt)}</time>
        </Detail>
      </dl>
      <a href={`/dashboard/contacts/${c.id}/contact.vcf`} download className={`${outlineLink} mt-4`}>
        <Download aria-hidden className="size-4" /> Download vCard
      </a>
    </section>
  );
}

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

export function AddToProspectsForm({ data, error }: { data: ContactData; error?: string }) {
  const busy = useBusy("add-to-prospects");
  return (
    <section aria-labelledby="add-to-prospects-heading" className={panel}>
      <h2 id="add-to-prospects-heading" className="text-lg font-bold">
        Cold Calling
      </h2>
      {data.prospect ? (
        <p className="mt-2 text-slate-800">
          This contact is in your prospects as{" "}
          <Link to={`/dashboard/cold-calling/activity?prospect=${data.prospect.id}`} className={linkClass}>
            {data.prospect.businessName}
          </Link>
          .
        </p>
      ) : data.types.length === 0 ? (
        <p className="mt-2 text-slate-700">Prospects need a business type, and none is set up yet.</p>
      ) : (
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="add-to-prospects" />
          <FieldFrame id="prospect-type" label="Business type" errors={error ? [error] : undefined}>
            <Select id="prospect-type" name="businessType" defaultValue={data.defaultType ?? undefined}>
              {data.types.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.label}
                </option>
              ))}
            </Select>
          </FieldFrame>
          <Button type="submit" disabled={busy}>
            <UserPlus aria-hidden className="size-4" /> {busy ? "Adding..." : "Add to prospects"}
          </Button>
        </Form>
      )}
    </section>
  );
}

export function DeleteContact({ data }: { data: ContactData }) {
  const busy = useBusy("delete-contact");
  const c = data.contact;
  if (!data.confirmingDelete)
    return (
      <ButtonLink variant="secondary" to={`/dashboard/contacts/${c.id}?delete=1`} preventScrollReset>
        <Trash2 aria-hidden className="size-4" /> Delete contact
      </ButtonLink>
    );
  return (
    <Form
      method="post"
      action={`/dashboard/contacts/${c.id}`}
      aria-label={`Delete ${c.name}`}
      className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-5"
    >
      <input type="hidden" name="intent" value="delete-contact" />
      <p className="font-semibold text-red-900">Delete {c.name}?</p>
      <p className="text-sm text-red-900">
        Their details are deleted for good and cannot be brought back. A prospect made from them stays in Cold
        Calling.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" disabled={busy}>
          {busy ? "Deleting..." : "Delete for good"}
        </Button>
        <ButtonLink variant="ghost" to={`/dashboard/contacts/${c.id}`} preventScrollReset>
          Cancel
        </ButtonLink>
      </div>
    </Form>
  );
}
