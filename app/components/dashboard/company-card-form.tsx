// A member's company card fields on the company's overview: each field the company sets is greyed with 'Set by
// {company}' and not sent; the server refuses a change to it whatever is sent.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, FieldFrame } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import { BIO_MAX_LENGTH, MEMBER_FIELD_LABELS, type MemberField } from "~/schemas/company";
import type { SubmissionResult } from "~/utils/form";

interface CardFields {
  company: string;
  designLocked: boolean;
  fields: { field: MemberField; value: string; locked: boolean }[];
}

export function CompanyCardForm({
  fields,
  required,
  lastResult,
}: {
  fields: CardFields;
  required: MemberField[];
  lastResult?: SubmissionResult<string[]>;
}) {
  const errors = (lastResult?.error ?? {}) as Record<string, string[] | undefined>;
  const hint = (f: { field: MemberField; locked: boolean }) =>
    f.locked
      ? `Set by ${fields.company}`
      : required.includes(f.field)
        ? `Required by ${fields.company}`
        : undefined;
  return (
    <Form method="post" className="mt-4 space-y-4">
      <input type="hidden" name="intent" value="save-card" />
      {fields.fields.map((f) =>
        f.field === "bio" ? (
          <FieldFrame key={f.field} id="company-card-bio" label={MEMBER_FIELD_LABELS.bio} errors={errors.bio}>
            <Textarea
              id="company-card-bio"
              name={f.locked ? undefined : "bio"}
              rows={3}
              maxLength={BIO_MAX_LENGTH}
              defaultValue={f.value}
              disabled={f.locked}
              aria-describedby={hint(f) ? "company-card-bio-hint" : undefined}
            />
            {hint(f) ? (
              <p id="company-card-bio-hint" className="text-sm text-slate-600">
                {hint(f)}
              </p>
            ) : null}
          </FieldFrame>
        ) : (
          <Field
            key={f.field}
            label={MEMBER_FIELD_LABELS[f.field]}
            name={f.locked ? undefined : f.field}
            type={f.field === "phone" ? "tel" : "text"}
            maxLength={f.field === "phone" ? 31 : 100}
            defaultValue={f.value}
            disabled={f.locked}
            hint={hint(f)}
            errors={errors[f.field]}
          />
        ),
      )}
      {fields.designLocked ? (
        <p className="text-sm text-slate-700">The design of this card is set by {fields.company}.</p>
      ) : null}
      <Button type="submit">Save my card</Button>
    </Form>
  );
}
