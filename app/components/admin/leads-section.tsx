// The admin Leads section: the stock per business type, a CSV upload per type with its report, a new business
// type, and one type's leads. Plain forms: works without JavaScript.
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import type { UploadReport } from "~/server/cold-calling/lead-pool.server";
import type { LeadsData } from "~/server/cold-calling/lead-pool-actions.server";
import { LeadPoolStock } from "./lead-pool-stock";
import { LeadUpload } from "./lead-upload";
import { LeadsOfType } from "./leads-of-type";

export type LeadsActionData =
  | {
      ok: boolean;
      report?: UploadReport;
      error?: string;
      typeResult?: { error?: Record<string, string[] | null> | null };
    }
  | undefined;

export function LeadsSection({ data, actionData }: { data: LeadsData; actionData: LeadsActionData }) {
  const busy = useNavigation().state === "submitting";
  const labelError = actionData?.typeResult?.error?.label ?? undefined;
  return (
    <div className="space-y-8">
      <LeadPoolStock stock={data.stock} />

      <div className="grid gap-6 lg:grid-cols-2">
        <LeadUpload
          data={data}
          report={actionData?.report}
          error={actionData && !actionData.ok ? actionData.error : undefined}
          busy={busy}
        />

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
