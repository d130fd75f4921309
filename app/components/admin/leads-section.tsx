// Over 300 lines: four small forms of one admin section, none meaningful alone.
// The admin Leads section: stock per business type, a CSV upload per type with its report, a new business type, and one
// type's leads with a remove button each. Plain forms: works without JavaScript.
import { Form, useNavigation } from "react-router";
import { BUSINESS_LIST } from "~/catalog";
import { Button } from "~/components/ui/button";
import { Field, FieldFrame, FormMessage } from "~/components/ui/field";
import { Pager } from "~/components/ui/pager";
import { Select } from "~/components/ui/select";
import type { UploadReport } from "~/server/cold-calling/lead-pool.server";
import type { loadLeadsSection } from "~/server/cold-calling/lead-pool-actions.server";
import { confirmSubmit } from "./confirm-submit";

type Data = Awaited<ReturnType<typeof loadLeadsSection>>;
export type LeadsActionData =
  | {
      ok: boolean;
      report?: UploadReport;
      error?: string;
      typeResult?: { error?: Record<string, string[] | null> | null };
    }
  | undefined;

const th = "px-3 py-2";
const td = "px-3 py-2";

/**
 * What customers are offered follows from the stock: a type is for sale only while it holds a full list, so an
 * empty pool (a fresh install without demo data) means no list can be bought at all.
 */
export function LeadPoolNotice({ stock }: { stock: Data["stock"] }) {
  if (stock.every((s) => s.total === 0))
    return (
      <p
        role="status"
        className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      >
        <strong>The lead pool is empty.</strong> Customers are offered no business lists until you upload
        leads below: a type is offered once it holds at least {BUSINESS_LIST.size} leads.
      </p>
    );
  const short = stock.filter((s) => s.total < BUSINESS_LIST.size);
  if (!short.length) return null;
  return (
    <p
      role="status"
      className="rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700"
    >
      Not offered to customers (fewer than {BUSINESS_LIST.size} leads): {short.map((s) => s.label).join(", ")}
      .
    </p>
  );
}

export function LeadsSection({ data, actionData }: { data: Data; actionData: LeadsActionData }) {
  const busy = useNavigation().state === "submitting";
  const labelError = actionData?.typeResult?.error?.label ?? undefined;
  return (
    <div className="space-y-8">
      <section aria-labelledby="stock-heading" className="space-y-3">
        <div>
          <h2 id="stock-heading" className="text-xl font-bold">
            Lead pool
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Paid business lists are filled from these leads. Customers keep their copies when a lead is
            removed.
          </p>
        </div>
        <LeadPoolNotice stock={data.stock} />
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Stock per business type</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className={th}>
                  Business type
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Leads
                </th>
                <th scope="col" className={`${th} text-right`}>
                  With customers
                </th>
                <th scope="col" className={th}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.stock.map((s) => (
                <tr key={s.id} className="border-t border-slate-200">
                  <td className={td}>
                    <a
                      href={`/admin-dashboard/leads?type=${s.id}`}
                      className="font-medium text-brand-700 underline"
                    >
                      {s.label}
                    </a>
                  </td>
                  <td className={`${td} text-right`}>{s.total}</td>
                  <td className={`${td} text-right`}>{s.copied}</td>
                  <td className={td}>
                    <Form
                      method="post"
                      onSubmit={confirmSubmit(`Remove every ${s.label} lead no customer has?`)}
                    >
                      <input type="hidden" name="businessType" value={s.id} />
                      <Button
                        type="submit"
                        name="intent"
                        value="remove-unused"
                        variant="secondary"
                        disabled={s.total === s.copied}
                        aria-label={`Remove unused ${s.label} leads`}
                      >
                        Remove unused
                      </Button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="upload-heading" className="rounded-lg border border-slate-200 p-4">
          <h2 id="upload-heading" className="text-lg font-semibold">
            Upload leads
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            A CSV file (UTF-8, at most 1 MB and 5,000 rows) whose first row names the columns business_name,
            contact_name, phone, email, address. Business name and phone are required.
          </p>
          <Form method="post" encType="multipart/form-data" className="mt-3 space-y-3">
            <FieldFrame id="upload-type" label="Business type">
              <Select id="upload-type" name="businessType" defaultValue={data.type?.id} required>
                {data.stock.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.label}
                  </option>
                ))}
              </Select>
            </FieldFrame>
            <FieldFrame id="upload-file" label="CSV file">
              <input
                id="upload-file"
                name="file"
                type="file"
                accept=".csv,text/csv"
                required
                className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-4 file:font-semibold"
              />
            </FieldFrame>
            <Button type="submit" name="intent" value="upload-leads" disabled={busy}>
              Upload CSV
            </Button>
          </Form>
          {actionData && !actionData.ok && actionData.error ? (
            <div className="mt-3">
              <FormMessage>{actionData.error}</FormMessage>
            </div>
          ) : null}
          {actionData?.report ? <UploadReportView report={actionData.report} /> : null}
        </section>

        <section aria-labelledby="type-heading" className="rounded-lg border border-slate-200 p-4">
          <h2 id="type-heading" className="text-lg font-semibold">
            Add a business type
          </h2>
          <Form method="post" className="mt-3 space-y-3">
            <Field id="type-label" name="label" label="Name" maxLength={40} required errors={labelError} />
            <Button type="submit" name="intent" value="add-type" variant="secondary">
              Add Business Type
            </Button>
          </Form>
        </section>
      </div>

      {data.type && data.leads ? <LeadsOfType data={data} /> : null}
    </div>
  );
}

const MAX_SHOWN = 100;

function UploadReportView({ report }: { report: UploadReport }) {
  const lines = [
    ...report.refused.map((r) => ({ line: r.line, text: `refused: ${r.reason}` })),
    ...report.duplicatesInFile.map((d) => ({
      line: d.line,
      text: `duplicate of line ${d.firstLine} (${d.businessName})`,
    })),
    ...report.duplicatesInPool.map((d) => ({
      line: d.line,
      text: `already in the pool (${d.businessName})`,
    })),
  ].sort((a, b) => a.line - b.line);
  return (
    <div
      role="status"
      aria-labelledby="report-heading"
      className="mt-4 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm"
    >
      <h3 id="report-heading" className="font-semibold">
        Upload report
      </h3>
      <p className="mt-1">
        {report.added} leads added to {report.type}. {report.refused.length} refused,{" "}
        {report.duplicatesInFile.length} repeated in the file, {report.duplicatesInPool.length} already in the
        pool.
      </p>
      {lines.length ? (
        <ul aria-label="Rows not added" className="mt-2 list-disc space-y-0.5 pl-5">
          {lines.slice(0, MAX_SHOWN).map((l) => (
            <li key={`${l.line}-${l.text}`}>
              Line {l.line}: {l.text}
            </li>
          ))}
          {lines.length > MAX_SHOWN ? <li>and {lines.length - MAX_SHOWN} more rows</li> : null}
        </ul>
      ) : null}
    </div>
  );
}

function LeadsOfType({ data }: { data: Data }) {
  const type = data.type!;
  const leads = data.leads!;
  return (
    <section aria-labelledby="type-leads-heading" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="type-leads-heading" className="text-lg font-semibold">
          {type.label} leads ({leads.total})
        </h2>
        <Form method="get" className="flex items-end gap-2">
          <FieldFrame id="show-type" label="Show type">
            <Select id="show-type" name="type" defaultValue={type.id} variant="toolbar">
              {data.stock.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label}
                </option>
              ))}
            </Select>
          </FieldFrame>
          <Button type="submit" variant="secondary">
            Show
          </Button>
        </Form>
      </div>
      {leads.rows.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-slate-600">
          No {type.label} leads in the pool.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{type.label} leads</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className={th}>
                  Business
                </th>
                <th scope="col" className={th}>
                  Contact
                </th>
                <th scope="col" className={th}>
                  Phone
                </th>
                <th scope="col" className={th}>
                  Email
                </th>
                <th scope="col" className={th}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {leads.rows.map((l) => (
                <tr key={l.id} className="border-t border-slate-200">
                  <td className={`${td} break-words`}>{l.businessName}</td>
                  <td className={td}>{l.contactName}</td>
                  <td className={`${td} whitespace-nowrap`}>{l.phone}</td>
                  <td className={`${td} break-all`}>{l.email}</td>
                  <td className={td}>
                    <Form method="post" onSubmit={confirmSubmit(`Remove ${l.businessName} from the pool?`)}>
                      <input type="hidden" name="leadId" value={l.id} />
                      <Button
                        type="submit"
                        name="intent"
                        value="remove-lead"
                        variant="ghost"
                        aria-label={`Remove ${l.businessName}`}
                      >
                        Remove
                      </Button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        label={`${type.label} leads pages`}
        page={data.page}
        pages={leads.pages}
        hasNext={data.page < leads.pages}
        href={(p) => `/admin-dashboard/leads?type=${type.id}&page=${p}`}
      />
    </section>
  );
}
