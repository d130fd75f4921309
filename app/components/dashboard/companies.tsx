// The Companies page: the companies the account belongs to, with its role in each, and the form that creates one.
import { Form, Link, useNavigation } from "react-router";
import { EmptyState, PageHeading } from "~/components/layout/page-heading";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { COMPANY_NAME_MAX_LENGTH } from "~/schemas/company";
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "~/utils/form";

export const ROLE_NAMES = { owner: "Owner", admin: "Admin", member: "Member" } as const;

interface Company {
  slug: string;
  name: string;
  role: keyof typeof ROLE_NAMES;
}

const panel = "rounded-xl border border-slate-200 bg-white p-4 sm:p-6";

export function CompaniesPage({
  companies,
  actionData,
}: {
  companies: Company[];
  actionData: { result: SubmissionResult<string[]> } | { ok: false; error: string } | undefined;
}) {
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useForm({ id: "create-company", lastResult });
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeading
        title="Companies"
        intro="A company orders cards for its people, keeps their pages on brand and sees the team's leads. Your personal cards stay yours."
      />
      <section aria-labelledby="your-companies" className={panel}>
        <h2 id="your-companies" className="text-lg font-bold text-slate-900">
          Your companies
        </h2>
        {companies.length === 0 ? (
          <div className="mt-3">
            <EmptyState title="You do not belong to a company yet">
              Create one below, or accept an invitation from your company's admin.
            </EmptyState>
          </div>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {companies.map((c) => (
              <li key={c.slug} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <Link
                  to={`/dashboard/company/${c.slug}`}
                  className="break-all font-semibold text-brand-700 underline"
                >
                  {c.name}
                </Link>
                <span className="text-sm text-slate-700">{ROLE_NAMES[c.role]}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="create-company-heading" className={panel}>
        <h2 id="create-company-heading" className="text-lg font-bold text-slate-900">
          Create a company
        </h2>
        <Form method="post" className="mt-4 space-y-4" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="create-company" />
          <Field
            label="Company name"
            maxLength={COMPANY_NAME_MAX_LENGTH}
            autoComplete="organization"
            {...getInputProps(fields.name, { type: "text" })}
            errors={fields.name.errors}
          />
          <Field
            label="Website (optional)"
            placeholder="https://"
            inputMode="url"
            maxLength={200}
            {...getInputProps(fields.website, { type: "url" })}
            errors={fields.website.errors}
          />
          <Field
            label="Office address (optional)"
            maxLength={200}
            autoComplete="street-address"
            {...getInputProps(fields.address, { type: "text" })}
            errors={fields.address.errors}
          />
          <Field
            label="Contact e-mail (optional)"
            hint="Shown on a card whose holder has left the company, so visitors can still reach you."
            maxLength={254}
            {...getInputProps(fields.contactEmail, { type: "email" })}
            errors={fields.contactEmail.errors}
          />
          <Button type="submit" disabled={busy}>
            Create company
          </Button>
        </Form>
      </section>
    </div>
  );
}
