// A company's overview: its details, the member's role, and 'Leave company' (refused for the last owner).
import { Form, Link } from "react-router";
import { AddressForm } from "~/components/dashboard/address-form";
import { ROLE_NAMES } from "~/components/dashboard/companies";
import { CompanyCardForm } from "~/components/dashboard/company-card-form";
import { Button } from "~/components/ui/button";
import { DEFAULT_COUNTRY } from "~/schemas/checkout";
import { companyCardOf } from "~/server/cards/company-cards.server";
import { companyCardFields } from "~/server/cards/company-look.server";
import { requireCompany } from "~/server/companies/companies.server";
import { memberAddress } from "~/server/companies/member-addresses.server";
import { handleCompanyOverviewAction } from "~/server/companies/membership-actions.server";
import { companyTemplate, requiredFields } from "~/server/companies/template.server";
import { readFormData } from "~/server/platform/forms.server";
import { addressPrefill, countryHint, savedDeliveryFor } from "~/server/shop/saved-delivery.server";
import { countryOptions } from "~/utils/countries";
import type { Route } from "./+types/overview";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const access = await requireCompany(context, request, params.slug);
  const card = await companyCardOf(context.db, access.company.id, access.user.id);
  const template = await companyTemplate(context.db, access.company.id);
  const given = await memberAddress(context.db, access.company.id, access.user.id);
  // The form starts with the address given, else the one the account saved for its own orders.
  const prefill = addressPrefill(given) ?? (await savedDeliveryFor(context.db, access.user.id));
  return {
    address: {
      given: Boolean(given),
      defaults: prefill?.values ?? {
        fullName: access.user.name,
        email: access.user.email,
        country: DEFAULT_COUNTRY,
      },
      countryHint: countryHint(prefill?.countryToChoose ?? null),
    },
    countries: countryOptions(),
    company: access.company,
    role: access.role,
    card,
    fields: card ? await companyCardFields(context.db, card.id) : null,
    required: requiredFields(template),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const access = await requireCompany(context, request, params.slug);
  const form = await readFormData(request);
  return handleCompanyOverviewAction(context, request, access, form);
}

const panel = "rounded-xl border border-slate-200 bg-white p-4 sm:p-6";

export default function CompanyOverview({ loaderData, actionData }: Route.ComponentProps) {
  const { company, role, card, fields, required, address, countries } = loaderData;
  const details = [
    ["Your role", ROLE_NAMES[role]],
    ["Website", company.website],
    ["Office address", company.address],
    ["Contact e-mail", company.contactEmail],
  ].filter((d): d is [string, string] => Boolean(d[1]));
  return (
    <div className="max-w-3xl space-y-6">
      <section aria-labelledby="company-details" className={panel}>
        <h2 id="company-details" className="text-lg font-bold text-slate-900">
          Details
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          {details.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-medium text-slate-600">{term}</dt>
              <dd className="break-all text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="company-card" className={panel}>
        <h2 id="company-card" className="text-lg font-bold text-slate-900">
          Your company card
        </h2>
        {card ? (
          <p className="mt-1 text-sm text-slate-700">
            Card {card.cardNumber}:{" "}
            <a href={`/${card.slug}`} className="break-all font-semibold text-brand-700 underline">
              /{card.slug}
            </a>
            . Manage it under{" "}
            <Link to="/dashboard/cards" className="font-semibold text-brand-700 underline">
              Cards
            </Link>
            .
          </p>
        ) : null}
        {card && fields ? (
          <CompanyCardForm
            fields={fields}
            required={required}
            lastResult={actionData && "result" in actionData ? actionData.result : undefined}
          />
        ) : null}
        {card ? null : (
          <>
            <p className="mt-1 text-sm text-slate-700">
              A card page of your own in {company.name}'s name, with your name and job title. It stays the
              company's: if you leave, it shows the company's contact details instead.
            </p>
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="make-card" />
              <Button type="submit">Make my company card</Button>
            </Form>
          </>
        )}
      </section>
      <AddressForm
        id="member-address"
        heading="Where to post your card"
        intro={
          address.given
            ? `Cards ${company.name} orders for you are posted here. Only the shop that posts them sees it.`
            : `No address yet: cards ${company.name} orders for you go to the address it gives (its office). Give yours to have them posted to you; only the shop that posts them sees it.`
        }
        intent="save-address"
        defaults={address.defaults}
        countries={countries}
        countryHint={address.countryHint}
        lastResult={actionData && "addressResult" in actionData ? actionData.addressResult : undefined}
      />
      <section aria-labelledby="leave-company" className={panel}>
        <h2 id="leave-company" className="text-lg font-bold text-slate-900">
          Leave company
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          You stop being a member of {company.name}. Your personal cards and contacts stay yours.
        </p>
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="leave" />
          <Button type="submit" variant="danger">
            Leave {company.name}
          </Button>
        </Form>
      </section>
    </div>
  );
}
