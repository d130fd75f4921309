// The delivery address fields of DeliverySchema, as the checkout and the saved address in Settings show them.

import { Field, FieldFrame } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import type { Delivery } from "~/schemas/checkout";
import { getInputProps, getSelectProps, type useForm } from "~/utils/form";
import { controlValue, formById, useEarlyInput } from "~/utils/use-early-input";

type DeliveryFieldsMeta = ReturnType<typeof useForm<Delivery>>[1];

/** A country of the select: its ISO 3166-1 code and its name (named on the server, so both renders agree). */
export interface CountryOption {
  code: string;
  name: string;
}

export function DeliveryFields({
  fields,
  countries,
  countryHint,
  onCountryChange,
}: {
  fields: DeliveryFieldsMeta;
  countries: CountryOption[];
  /** Asks for the country again when the one typed before Country was a list names none (worded on the server). */
  countryHint?: string | null;
  onCountryChange?: (code: string) => void;
}) {
  const country = fields.country;
  const hintId = `${country.id}-hint`;
  // A country chosen before the page's script ran is told to the page now, as the change would have been.
  useEarlyInput(() => {
    const chosen = controlValue(formById(country.formId), country.name);
    if (onCountryChange && chosen !== undefined && chosen !== String(country.initialValue ?? "")) {
      onCountryChange(chosen);
    }
  });
  const input = (name: keyof Delivery, type: "text" | "email" | "tel" = "text") =>
    getInputProps(fields[name], { type });
  return (
    <>
      <Field label="Full name" autoComplete="name" {...input("fullName")} errors={fields.fullName.errors} />
      <Field label="Email" autoComplete="email" {...input("email", "email")} errors={fields.email.errors} />
      <Field label="Phone" autoComplete="tel" {...input("phone", "tel")} errors={fields.phone.errors} />
      <Field
        label="Address line 1"
        autoComplete="address-line1"
        {...input("addressLine1")}
        errors={fields.addressLine1.errors}
      />
      <Field
        label="Address line 2 (optional)"
        autoComplete="address-line2"
        {...input("addressLine2")}
        errors={fields.addressLine2.errors}
      />
      <Field label="City" autoComplete="address-level2" {...input("city")} errors={fields.city.errors} />
      <Field
        label="Postal code"
        autoComplete="postal-code"
        {...input("postalCode")}
        errors={fields.postalCode.errors}
      />
      <FieldFrame id={country.id} label="Country" errors={country.errors}>
        <Select
          autoComplete="country"
          {...getSelectProps(country, countryHint ? { ariaDescribedBy: hintId } : {})}
          key={country.key}
          onChange={onCountryChange ? (e) => onCountryChange(e.currentTarget.value) : undefined}
        >
          {country.initialValue ? null : <option value="">Choose a country</option>}
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </Select>
        {countryHint ? (
          <p id={hintId} className="text-sm text-slate-600">
            {countryHint}
          </p>
        ) : null}
      </FieldFrame>
    </>
  );
}
