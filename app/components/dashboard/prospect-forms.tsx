// Cold Calling's Prospects tab, its two forms: adding a prospect by hand, and the CSV import with its report.
// Both work without JavaScript.
import { Upload } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, FieldFrame, FormMessage } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { PROSPECT_LIMITS, PROSPECT_QUOTAS } from "~/schemas/prospect-options";
import type { ImportReport } from "~/server/cold-calling/prospect-import.server";
import type { ProspectsData } from "~/server/cold-calling/prospects.server";
import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from "~/utils/form";

import { panel } from "./prospects";

export function AddProspectForm({
  types,
  lastResult,
}: {
  types: ProspectsData["types"];
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "add-prospect";
  const [form, fields] = useForm({
    id: "add-prospect",
    lastResult,
  });
  return (
    <section aria-labelledby="add-prospect-heading" className={panel}>
      <h2 id="add-prospect-heading" className="mb-4 text-lg font-bold">
        Add a prospect
      </h2>
      <Form method="post" className="space-y-4" {...getFormProps(form)} noValidate>
        {form.errors?.length ? <FormMessage>{form.errors[0]}</FormMessage> : null}
        <input type="hidden" name="intent" value="add-prospect" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Business name"
            maxLength={PROSPECT_LIMITS.businessName}
            {...getInputProps(fields.businessName, { type: "text" })}
            errors={fields.businessName.errors}
          />
          <Field
            label="Contact name"
            maxLength={PROSPECT_LIMITS.contactName}
            autoComplete="off"
            {...getInputProps(fields.contactName, { type: "text" })}
            errors={fields.contactName.errors}
          />
          <Field
            label="Phone"
            maxLength={PROSPECT_LIMITS.phone}
            autoComplete="off"
            {...getInputProps(fields.phone, { type: "tel" })}
            errors={fields.phone.errors}
          />
          <Field
            label="Email"
            autoComplete="off"
            {...getInputProps(fields.email, { type: "email" })}
            errors={fields.email.errors}
          />
          <Field
            label="Address"
            maxLength={PROSPECT_LIMITS.address}
            autoComplete="off"
            {...getInputProps(fields.address, { type: "text" })}
            errors={fields.address.errors}
          />
          <FieldFrame id={fields.businessType.id} label="Business type" errors={fields.businessType.errors}>
            <Select {...getSelectProps(fields.businessType)} key={fields.businessType.key}>
              <option value="">Choose a type</option>
              {types.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.label}
                </option>
              ))}
            </Select>
          </FieldFrame>
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? "Adding..." : "Add prospect"}
        </Button>
      </Form>
    </section>
  );
}

export type ImportResult = { form: "import"; report: ImportReport | null; error: string | null };

export function ImportProspectsForm({ result }: { result?: ImportResult }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "import-csv";
  return (
    <section aria-labelledby="import-heading" className={panel}>
      <h2 id="import-heading" className="mb-2 text-lg font-bold">
        Import from CSV
      </h2>
      <p id="import-hint" className="mb-4 text-sm text-slate-600">
        The first row must name the columns business_name, contact_name, phone, email, address, business_type.
        Up to 2,000 rows and 1 MB, and {PROSPECT_QUOTAS.prospects.toLocaleString("en-GB")} prospects in all.
        Every row is checked first: the good rows are added and the others are listed with the reason.
      </p>
      <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="import-csv" />
        <div className="space-y-1.5">
          <label htmlFor="import-file" className="block text-sm font-medium">
            CSV file
          </label>
          <input
            id="import-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            required
            aria-describedby="import-hint"
            className="block text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-4 file:font-semibold"
          />
        </div>
        <Button type="submit" variant="secondary" disabled={busy}>
          <Upload aria-hidden className="size-4" /> {busy ? "Importing..." : "Import"}
        </Button>
      </Form>
      {result ? <ImportReportView result={result} /> : null}
    </section>
  );
}

function ImportReportView({ result }: { result: ImportResult }) {
  const { report, error } = result;
  return (
    <div className="mt-4 space-y-3">
      {error ? <FormMessage>{error}</FormMessage> : null}
      {report && report.imported > 0 ? (
        <FormMessage tone="success">
          {report.imported} {report.imported === 1 ? "prospect" : "prospects"} imported.
        </FormMessage>
      ) : null}
      {report?.ignoredColumns.length ? (
        <p className="text-sm text-slate-600">Columns ignored: {report.ignoredColumns.join(", ")}.</p>
      ) : null}
      {report?.refused.length ? (
        <div>
          <h3 className="text-sm font-semibold">
            {report.refusedCount} {report.refusedCount === 1 ? "row" : "rows"} refused
          </h3>
          <ul aria-label="Refused rows" className="mt-2 list-disc space-y-1 pl-5 text-sm">
            {report.refused.map((r) => (
              <li key={r.line}>
                Line {r.line}: {r.reason}
              </li>
            ))}
          </ul>
          {report.refusedCount > report.refused.length ? (
            <p className="mt-1 text-sm text-slate-600">
              And {report.refusedCount - report.refused.length} more.
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
