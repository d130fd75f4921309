// Cold Calling's Prospects tab: the filters, the table with a status dropdown per row (saved on change), adding
// a prospect by hand and the CSV import (prospect-forms.tsx), and the export. Works without JavaScript.

import { Download, Filter } from "lucide-react";
import { useRef } from "react";
import { Form, Link, useFetcher } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { FilterSelect } from "~/components/ui/filter-select";
import { Input } from "~/components/ui/input";
import { Pager } from "~/components/ui/pager";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { Select } from "~/components/ui/select";
import { PROSPECT_LIMITS, PROSPECT_STATUS_LABELS, PROSPECT_STATUSES } from "~/schemas/prospect-options";
import type { ProspectFilters, ProspectsData } from "~/server/cold-calling/prospects.server";
import { useEarlyInput } from "~/utils/use-early-input";
import { useHydrated } from "~/utils/use-hydrated";

export const panel = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";

/** The address of the tab (or its CSV export) with the current filters. */
function prospectsHref(filters: ProspectFilters, extra: Record<string, string> = {}, base = "") {
  const params = new URLSearchParams({
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.type ? { type: filters.type } : {}),
    ...(filters.q ? { q: filters.q } : {}),
    ...extra,
  }).toString();
  return `${base || "/dashboard/cold-calling/prospects"}${params ? `?${params}` : ""}`;
}

/** A phone number as a tel: address: digits and a leading plus only. */
const telHref = (phone: string) => `tel:${phone.replace(/(?!^\+)[^\d]/g, "")}`;

export function ProspectFiltersForm({ data }: { data: ProspectsData }) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter prospects">
      <div className="space-y-1.5">
        <label htmlFor="prospects-q" className="block text-sm font-medium">
          Search by name
        </label>
        <Input
          id="prospects-q"
          name="q"
          type="search"
          variant="toolbar"
          maxLength={PROSPECT_LIMITS.search}
          defaultValue={data.filters.q}
          className="w-56"
        />
      </div>
      <FilterSelect
        id="prospects-status"
        name="status"
        label="Status"
        allLabel="All statuses"
        value={data.filters.status}
        options={PROSPECT_STATUSES.map((s) => ({ value: s, label: PROSPECT_STATUS_LABELS[s] }))}
      />
      <FilterSelect
        id="prospects-type"
        name="type"
        label="Type"
        allLabel="All types"
        value={data.filters.type}
        options={data.types.map((t) => ({ value: t.id, label: t.label }))}
      />
      <Button type="submit" variant="secondary">
        <Filter aria-hidden className="size-4" /> Filter
      </Button>
      <a
        href={prospectsHref(data.filters, {}, "/dashboard/cold-calling/prospects.csv")}
        download
        className="inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-50"
      >
        <Download aria-hidden className="size-4" /> Export CSV
      </a>
    </Form>
  );
}

/**
 * With JavaScript a change of the dropdown is saved at once (a fetcher, so the page stays where it is and the
 * select keeps focus); the list and the toast come from the revalidation that follows. Without JavaScript the
 * Save button posts the same form.
 */
function StatusForm({ prospect }: { prospect: ProspectsData["prospects"][number] }) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const pending = fetcher.formData?.get("status");
  const id = `status-${prospect.id}`;
  // A status chosen before the page's script ran has not been saved (its Save button is gone): save it now.
  const select = useRef<HTMLSelectElement>(null);
  useEarlyInput(() => {
    if (select.current && select.current.value !== prospect.status) fetcher.submit(select.current.form);
  });
  return (
    <fetcher.Form method="post" preventScrollReset className="flex items-center gap-2">
      <input type="hidden" name="intent" value="set-status" />
      <input type="hidden" name="prospectId" value={prospect.id} />
      <label htmlFor={id} className="sr-only">
        Status of {prospect.businessName}
      </label>
      <Select
        ref={select}
        id={id}
        name="status"
        variant="compact"
        // The choice being saved, then what the server holds (a refused change falls back to it).
        value={typeof pending === "string" ? pending : prospect.status}
        aria-busy={fetcher.state !== "idle" || undefined}
        onChange={(e) => {
          if (hydrated) fetcher.submit(e.currentTarget.form);
        }}
      >
        {PROSPECT_STATUSES.map((s) => (
          <option key={s} value={s}>
            {PROSPECT_STATUS_LABELS[s]}
          </option>
        ))}
      </Select>
      {hydrated ? null : (
        <Button type="submit" variant="secondary" className="min-h-11 px-3">
          Save<span className="sr-only"> status of {prospect.businessName}</span>
        </Button>
      )}
    </fetcher.Form>
  );
}

export function ProspectsTable({ data }: { data: ProspectsData }) {
  if (data.prospects.length === 0)
    return (
      <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-slate-600">
        No prospects match these filters.
      </p>
    );
  return (
    <ScrollRegion label="Prospects table">
      <table className="w-full min-w-[52rem] text-left text-sm">
        <thead className="bg-slate-50">
          <tr>
            {["Business", "Contact", "Phone", "Type", "Status", "Actions"].map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {data.prospects.map((p) => (
            <tr key={p.id}>
              <td className="px-3 py-2 font-medium">{p.businessName}</td>
              <td className="px-3 py-2">{p.contactName ?? ""}</td>
              <td className="px-3 py-2">
                {p.phone ? (
                  <a href={telHref(p.phone)} className="text-brand-700 underline">
                    {p.phone}
                  </a>
                ) : null}
              </td>
              <td className="px-3 py-2">{p.typeLabel}</td>
              <td className="px-3 py-2">{PROSPECT_STATUS_LABELS[p.status]}</td>
              <td className="px-3 py-2">
                <div className="flex flex-wrap items-center gap-2">
                  <StatusForm prospect={p} />
                  <Link
                    to={`/dashboard/cold-calling/activity?prospect=${p.id}`}
                    className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
                  >
                    Notes<span className="sr-only"> and activity of {p.businessName}</span>
                  </Link>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

export function ProspectsPager({ data }: { data: ProspectsData }) {
  return (
    <Pager
      label="Prospects pagination"
      page={data.page}
      pages={data.pages}
      hasNext={data.page < data.pages}
      href={(page) => prospectsHref(data.filters, { page: String(page) })}
    />
  );
}

export function ProspectsEmpty() {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
      <p className="font-semibold text-slate-800">No prospects yet</p>
      <p className="mt-2 text-sm text-slate-600">Purchase a business list to get started</p>
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        <ButtonLink to="/dashboard/cold-calling/lists">Purchase a business list</ButtonLink>
      </div>
      <p className="mt-3 text-sm text-slate-600">Or add a prospect yourself, or import a CSV file, below.</p>
    </div>
  );
}
