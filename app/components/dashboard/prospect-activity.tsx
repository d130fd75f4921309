// Cold Calling's timeline entries (status changes and notes) and the Overview's figures.

import { MessageSquare, RefreshCw } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldFrame, FormMessage } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import { PROSPECT_LIMITS, PROSPECT_STATUS_LABELS } from "~/schemas/prospect-options";
import type { ActivityEntry, ProspectStats } from "~/server/cold-calling/prospect-activity.server";
import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from "~/utils/form";

const panel = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";

/** Date and time in UTC, so the server and the browser print the same; built once, not per entry. */
const whenFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});
const formatWhen = (iso: string) => whenFormat.format(new Date(iso));

export function ActivityList({
  entries,
  label,
  showBusiness = true,
}: {
  entries: ActivityEntry[];
  label: string;
  showBusiness?: boolean;
}) {
  return (
    <ol aria-label={label} className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {entries.map((e) => (
        <li key={e.id} className="flex gap-3 p-4">
          {e.kind === "note" ? (
            <MessageSquare aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-500" />
          ) : (
            <RefreshCw aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-500" />
          )}
          <div className="min-w-0 flex-1 space-y-1">
            <p className="text-sm">
              {showBusiness ? (
                <Link
                  to={`/dashboard/cold-calling/activity?prospect=${e.prospectId}`}
                  className="font-semibold text-brand-700 underline"
                >
                  {e.businessName}
                </Link>
              ) : null}
              {showBusiness ? ": " : null}
              {e.kind === "note"
                ? "Note"
                : `${e.fromStatus ? PROSPECT_STATUS_LABELS[e.fromStatus] : "New"} → ${
                    e.toStatus ? PROSPECT_STATUS_LABELS[e.toStatus] : ""
                  }`}
            </p>
            {e.kind === "note" ? (
              <p className="whitespace-pre-line break-words text-sm text-slate-800">{e.note}</p>
            ) : null}
            <p className="text-xs text-slate-600">
              <time dateTime={e.createdAt}>{formatWhen(e.createdAt)}</time>
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}

export function ProspectStatCards({ stats }: { stats: ProspectStats }) {
  const cards = [
    { label: "Total Prospects", value: String(stats.total) },
    { label: "Contacted", value: String(stats.contacted) },
    { label: "Meetings", value: String(stats.meetings) },
    { label: "Sales Made", value: String(stats.sales) },
    {
      label: "Conversion Rate",
      value: stats.conversionRate === null ? "–" : `${stats.conversionRate}%`,
      hint:
        stats.conversionRate === null
          ? "No prospects yet"
          : `Sales made over all prospects (${stats.sales} of ${stats.total})`,
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
      {cards.map((c) => (
        <div key={c.label} className={panel}>
          <dt className="text-sm text-slate-600">{c.label}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900">{c.value}</dd>
          {c.hint ? <dd className="mt-1 text-xs text-slate-600">{c.hint}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

export function AddNoteForm({
  prospectId,
  businessName,
  lastResult,
}: {
  prospectId: string;
  businessName: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "add-note";
  const [form, fields] = useForm({
    id: `note-${prospectId}`,
    lastResult,
    defaultValue: { prospectId },
  });
  return (
    <Form method="post" className={`${panel} space-y-3`} {...getFormProps(form)} noValidate>
      {form.errors?.length ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      <input type="hidden" name="intent" value="add-note" />
      <input type="hidden" name="prospectId" value={prospectId} />
      <FieldFrame id={fields.note.id} label={`Note about ${businessName}`} errors={fields.note.errors}>
        <Textarea
          rows={3}
          maxLength={PROSPECT_LIMITS.note}
          {...getTextareaProps(fields.note)}
          key={fields.note.key}
        />
      </FieldFrame>
      <Button type="submit" disabled={busy}>
        {busy ? "Adding..." : "Add note"}
      </Button>
    </Form>
  );
}
