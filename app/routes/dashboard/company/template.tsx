// A company's Template: who sets each member field (the member, required of them, or the company), the company's
// phone and bio, and whether the design of the admin's own company card is everyone's. Owners and admins.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import {
  BIO_MAX_LENGTH,
  COMPANY_LINKS_MAX,
  FALLBACK_MAX_LENGTH,
  MEMBER_FIELD_LABELS,
  MEMBER_FIELDS,
} from "~/schemas/company";
import { requireCompany } from "~/server/companies/companies.server";
import { companyTemplate } from "~/server/companies/template.server";
import { handleTemplateAction } from "~/server/companies/template-actions.server";
import { readFormData } from "~/server/platform/forms.server";
import type { Route } from "./+types/template";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const access = await requireCompany(context, request, params.slug, { manage: true });
  const template = await companyTemplate(context.db, access.company.id);
  return {
    company: access.company.name,
    template: { ...template, design: template.design ? "card" : "own" },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const access = await requireCompany(context, request, params.slug, { manage: true });
  const form = await readFormData(request);
  return handleTemplateAction(context, access, form);
}

const panel = "rounded-xl border border-slate-200 bg-white p-4 sm:p-6";
const POLICY_WORDS = {
  editable: "The member",
  required: "The member, required",
  locked: "The company",
} as const;

export default function CompanyTemplatePage({ loaderData, actionData }: Route.ComponentProps) {
  const { company, template } = loaderData;
  const errors =
    actionData && "result" in actionData
      ? (actionData.result.error as Record<string, string[]> | undefined)
      : undefined;
  const refusal = actionData && "error" in actionData ? (actionData.error as string) : undefined;
  return (
    <Form method="post" className="max-w-3xl space-y-6">
      <input type="hidden" name="intent" value="save-template" />
      <section aria-labelledby="fields-heading" className={panel}>
        <h2 id="fields-heading" className="text-lg font-bold text-slate-900">
          Who sets each field
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          A field the company sets is greyed on each member's card form with 'Set by {company}'. A locked job
          title is the one you gave the member; a locked phone or bio is the one below, for everyone.
        </p>
        {MEMBER_FIELDS.map((field) => (
          <fieldset key={field} className="mt-4">
            <legend className="font-semibold text-slate-900">{MEMBER_FIELD_LABELS[field]}</legend>
            <div className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
              {(["editable", "required", "locked"] as const).map((policy) => (
                <label key={policy} className="inline-flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`${field}Policy`}
                    value={policy}
                    defaultChecked={template.policies[field] === policy}
                  />
                  {POLICY_WORDS[policy]}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </section>
      <section aria-labelledby="values-heading" className={panel}>
        <h2 id="values-heading" className="text-lg font-bold text-slate-900">
          The company's phone and bio
        </h2>
        <div className="mt-4 space-y-4">
          <Field
            label="Phone for everyone"
            name="phone"
            type="tel"
            maxLength={31}
            defaultValue={template.phone ?? ""}
            errors={errors?.phone}
          />
          <div>
            <label htmlFor="template-bio" className="block text-sm font-medium text-slate-800">
              Bio for everyone
            </label>
            <Textarea
              id="template-bio"
              name="bio"
              rows={3}
              maxLength={BIO_MAX_LENGTH}
              defaultValue={template.bio ?? ""}
              className="mt-1"
            />
          </div>
        </div>
      </section>
      <section aria-labelledby="links-heading" className={panel}>
        <h2 id="links-heading" className="text-lg font-bold text-slate-900">
          Company links
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Up to {COMPANY_LINKS_MAX} links, first on every member's card. A link the company sets cannot be
          changed, hidden or removed by the member; a link members set is given to each card once, and is then
          theirs. Leave a row empty for no link.
        </p>
        {Array.from({ length: COMPANY_LINKS_MAX }, (_, i) => {
          const link = template.links?.[i];
          return (
            <fieldset key={link?.id ?? `new-${i}`} className="mt-4 border-t border-slate-100 pt-3">
              <legend className="font-semibold text-slate-900">Link {i + 1}</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                <Field
                  label="Title"
                  name={`links[${i}].title`}
                  maxLength={100}
                  defaultValue={link?.title ?? ""}
                  errors={errors?.[`links[${i}].title`]}
                />
                <Field
                  label="URL"
                  name={`links[${i}].url`}
                  type="url"
                  maxLength={2000}
                  defaultValue={link?.url ?? ""}
                  errors={errors?.[`links[${i}].url`]}
                />
              </div>
              <div className="mt-1 flex flex-wrap gap-x-6">
                <label className="inline-flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`links[${i}].policy`}
                    value="locked"
                    defaultChecked={link ? link.locked : true}
                  />
                  The company sets it
                </label>
                <label className="inline-flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`links[${i}].policy`}
                    value="editable"
                    defaultChecked={link ? !link.locked : false}
                  />
                  Members set it
                </label>
              </div>
            </fieldset>
          );
        })}
      </section>
      <section aria-labelledby="fallback-heading" className={panel}>
        <h2 id="fallback-heading" className="text-lg font-bold text-slate-900">
          When someone leaves
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Their card says '{"{"}name{"}"} no longer works at {company}', then these words. Left empty, it
          gives the company's contact e-mail or website.
        </p>
        <Field
          label="What their card says"
          name="fallback"
          maxLength={FALLBACK_MAX_LENGTH}
          defaultValue={template.fallback ?? ""}
          errors={errors?.fallback}
          className="mt-4"
        />
      </section>
      <section aria-labelledby="design-heading" className={panel}>
        <h2 id="design-heading" className="text-lg font-bold text-slate-900">
          Design
        </h2>
        <div className="mt-2 space-y-1">
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="radio" name="design" value="own" defaultChecked={template.design === "own"} />
            Each member designs their own card
          </label>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="radio" name="design" value="card" defaultChecked={template.design === "card"} />
            Everyone has the design of my company card (design it from Cards, then save here)
          </label>
        </div>
      </section>
      {refusal ? <FormMessage>{refusal}</FormMessage> : null}
      <Button type="submit">Save template for everyone</Button>
    </Form>
  );
}
