// The delivery address fields of DeliverySchema, as the checkout and the saved address in Settings show them.

import { Field } from "~/components/ui/field";
import type { Delivery } from "~/schemas/checkout";
import { getInputProps, type useForm } from "~/utils/form";

type DeliveryFieldsMeta = ReturnType<typeof useForm<Delivery>>[1];

export function DeliveryFields({ fields }: { fields: DeliveryFieldsMeta }) {
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
      <Field
        label="Country"
        autoComplete="country-name"
        {...input("country")}
        errors={fields.country.errors}
      />
    </>
  );
}
