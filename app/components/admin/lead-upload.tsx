// The admin Leads section's CSV upload: a file of leads for one business type, and the report of what was added
// and what was not.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldFrame, FormMessage } from "~/components/ui/field";
import { FileInput } from "~/components/ui/file-input";
import { Select } from "~/components/ui/select";
import type { UploadReport } from "~/server/cold-calling/lead-pool.server";
import type { LeadsData } from "~/server/cold-calling/lead-pool-actions.server";

export function LeadUpload({
  data,
  report,
  error,
  busy,
}: {
  data: LeadsData;
  report: UploadReport | undefined;
  error: string | undefined;
  busy: boolean;
}) {
  return (
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
          <FileInput id="upload-file" name="file" accept=".csv,text/csv" required />
        </FieldFrame>
        <Button type="submit" name="intent" value="upload-leads" disabled={busy}>
          Upload CSV
        </Button>
      </Form>
      {error ? (
        <div className="mt-3">
          <FormMessage>{error}</FormMessage>
        </div>
      ) : null}
      {report ? <UploadReportView report={report} /> : null}
    </section>
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
