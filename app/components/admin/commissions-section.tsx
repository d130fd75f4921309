// The admin Commissions section: commissions held for review with 'Release' and 'Reverse', what each referrer is owed
// with 'Mark paid out', recent payouts, and the commission ledger filtered by status and month with its CSV
// export. Plain forms: works without JavaScript.

import { Download, Filter } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { StatusBadge } from "~/components/dashboard/resell";
import { Button } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/field";
import { FilterSelect } from "~/components/ui/filter-select";
import { Input } from "~/components/ui/input";
import { Pager } from "~/components/ui/pager";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { PAYOUT_REFERENCE_MAX } from "~/schemas/commission-payout";
import { COMMISSION_STATUS_LABELS, COMMISSION_STATUSES } from "~/schemas/commission-statuses";
import type { CommissionsData } from "~/server/referrals/admin-commissions.server";
import { formatDay } from "~/utils/dates";
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "~/utils/form";
import { formatPence } from "~/utils/money";

type ActionData = { referrerUserId?: string; result?: SubmissionResult<string[]> } | undefined;

function PayOutForm({
  owed,
  lastResult,
}: {
  owed: CommissionsData["owed"][number];
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("referrerUserId") === owed.referrerUserId;
  const [form, fields] = useForm({
    id: `payout-${owed.referrerUserId}`,
    lastResult,
  });
  return (
    <Form method="post" className="space-y-2" {...getFormProps(form)} noValidate>
      {form.errors?.length ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      <input type="hidden" name="intent" value="mark-paid-out" />
      <input type="hidden" name="referrerUserId" value={owed.referrerUserId} />
      <input type="hidden" name="amount" value={owed.amount} />
      <div className="flex flex-wrap items-end gap-2">
        <Field
          label={`Payment reference for ${owed.name}`}
          maxLength={PAYOUT_REFERENCE_MAX}
          autoComplete="off"
          className="min-w-48 flex-1"
          {...getInputProps(fields.reference, { type: "text" })}
          errors={fields.reference.errors}
        />
        <Button type="submit" disabled={busy}>
          {busy ? "Paying out..." : "Mark paid out"}
          <span className="sr-only"> {owed.name}</span>
        </Button>
      </div>
    </Form>
  );
}

function HeldForReview({ held }: { held: CommissionsData["held"] }) {
  if (held.length === 0) return null;
  return (
    <section aria-labelledby="held-heading" className="space-y-3">
      <h2 id="held-heading" className="text-xl font-bold">
        Held for review
      </h2>
      <p className="text-sm text-slate-600">
        These orders went to an address or phone the referrer uses. Release a commission to let it follow its
        order as usual, or reverse it.
      </p>
      <ul
        aria-label="Commissions held for review"
        className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
      >
        {held.map((h) => (
          <li key={h.id} className="space-y-2 p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <div className="min-w-0">
                <p className="font-semibold">
                  Order <span className="font-mono">{h.orderNumber}</span>: {formatPence(h.amount)} to{" "}
                  {h.referrerName}
                </p>
                <p className="break-all text-sm text-slate-600">
                  Referrer {h.referrerEmail}; customer {h.customerName}, {h.customerEmail};{" "}
                  {formatDay(h.createdAt)}
                </p>
              </div>
              <StatusBadge status="held" />
            </div>
            <p className="text-sm">Reason: {h.reason ?? "Not given"}</p>
            <Form method="post" className="flex flex-wrap gap-2">
              <input type="hidden" name="commissionId" value={h.id} />
              <Button type="submit" name="intent" value="release-commission" variant="secondary">
                Release<span className="sr-only"> the commission of order {h.orderNumber}</span>
              </Button>
              <Button type="submit" name="intent" value="reverse-commission" variant="secondary">
                Reverse<span className="sr-only"> the commission of order {h.orderNumber}</span>
              </Button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function CommissionsSection({ data, actionData }: { data: CommissionsData; actionData: ActionData }) {
  const query = (extra: Record<string, string> = {}) =>
    new URLSearchParams({
      ...(data.filters.status ? { status: data.filters.status } : {}),
      ...(data.filters.month ? { month: data.filters.month } : {}),
      ...extra,
    }).toString();
  return (
    <div className="space-y-8">
      <HeldForReview held={data.held} />
      <section aria-labelledby="owed-heading" className="space-y-3">
        <h2 id="owed-heading" className="text-xl font-bold">
          Owed to referrers
        </h2>
        <p className="text-sm text-slate-600">
          Commissions of completed orders not yet paid out. After sending the money, record it with its
          reference: the commissions become paid out.
        </p>
        {data.owed.length === 0 ? (
          <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-slate-600">
            Nothing is owed right now.
          </p>
        ) : (
          <ul
            aria-label="Referrers owed"
            className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
          >
            {data.owed.map((o) => (
              <li key={o.referrerUserId} className="space-y-3 p-4">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-semibold">{o.name}</p>
                    <p className="break-all text-sm text-slate-600">{o.email}</p>
                  </div>
                  <p className="text-right">
                    <span className="text-lg font-bold">{formatPence(o.amount)}</span>
                    <span className="block text-sm text-slate-600">
                      {o.commissions} completed {o.commissions === 1 ? "commission" : "commissions"}
                    </span>
                  </p>
                </div>
                <PayOutForm
                  owed={o}
                  lastResult={actionData?.referrerUserId === o.referrerUserId ? actionData.result : undefined}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      {data.payouts.length ? (
        <section aria-labelledby="payouts-heading" className="space-y-3">
          <h2 id="payouts-heading" className="text-xl font-bold">
            Recent payouts
          </h2>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm">
            {data.payouts.map((p) => (
              <li key={p.id} className="flex flex-wrap justify-between gap-2 p-3">
                <span>{formatDay(p.createdAt)}</span>
                <span>{p.name}</span>
                <span className="break-all">Reference {p.reference}</span>
                <span className="font-semibold">{formatPence(p.amount)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="ledger-heading" className="space-y-3">
        <h2 id="ledger-heading" className="text-xl font-bold">
          Commission ledger
        </h2>
        <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter the ledger">
          <FilterSelect
            id="ledger-status"
            name="status"
            label="Status"
            allLabel="All statuses"
            value={data.filters.status}
            options={COMMISSION_STATUSES.map((s) => ({ value: s, label: COMMISSION_STATUS_LABELS[s] }))}
          />
          <div className="space-y-1.5">
            <label htmlFor="ledger-month" className="block text-sm font-medium">
              Month
            </label>
            <Input
              id="ledger-month"
              name="month"
              type="month"
              variant="toolbar"
              defaultValue={data.filters.month ?? ""}
            />
          </div>
          <Button type="submit" variant="secondary">
            <Filter aria-hidden className="size-4" /> Filter
          </Button>
          <a
            href={`/admin-dashboard/commissions.csv?${query()}`}
            download
            className="inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-50"
          >
            <Download aria-hidden className="size-4" /> Export CSV
          </a>
        </Form>
        {data.ledger.length === 0 ? (
          <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-slate-600">
            No commissions match.
          </p>
        ) : (
          <ScrollRegion label="Commission ledger table">
            <table className="w-full min-w-[48rem] text-left text-sm">
              <thead className="bg-slate-50">
                <tr>
                  {["Date", "Order", "Referrer", "Customer", "Sale", "Commission", "Status", "Payout"].map(
                    (h) => (
                      <th key={h} scope="col" className="px-3 py-2 font-semibold">
                        {h}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {data.ledger.map((r) => (
                  <tr key={r.id}>
                    <td className="px-3 py-2">{formatDay(r.createdAt)}</td>
                    <td className="px-3 py-2 font-mono">{r.orderNumber}</td>
                    <td className="px-3 py-2">{r.referrerName}</td>
                    <td className="px-3 py-2">{r.customerName}</td>
                    <td className="px-3 py-2">{formatPence(r.sale)}</td>
                    <td className="px-3 py-2">{formatPence(r.amount)}</td>
                    <td className="px-3 py-2">
                      <StatusBadge status={r.status} />
                      {r.reason ? (
                        <span className="mt-1 block text-xs text-slate-600">{r.reason}</span>
                      ) : null}
                    </td>
                    <td className="break-all px-3 py-2">{r.payoutReference ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
        <Pager
          label="Ledger pagination"
          page={data.page}
          hasNext={data.hasNext}
          href={(page) => `/admin-dashboard/commissions?${query({ page: String(page) })}`}
        />
      </section>
    </div>
  );
}
