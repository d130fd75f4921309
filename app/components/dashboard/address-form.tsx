// A delivery address form of DeliverySchema: the account's saved address (Billing) and where a member wants
// company cards posted (the company's overview).
import { Form, useNavigation } from "react-router";
import { type CountryOption, DeliveryFields } from "~/components/shop/delivery-fields";
import { Button } from "~/components/ui/button";
import type { Delivery } from "~/schemas/checkout";
import { getFormProps, type SubmissionResult, useForm } from "~/utils/form";

export function AddressForm({
  id,
  heading,
  intro,
  intent,
  defaults,
  countries,
  countryHint,
  lastResult,
}: {
  /** The form's id; its heading is `${id}-heading`. */
  id: string;
  heading: string;
  intro: string;
  intent: string;
  defaults: Partial<Delivery>;
  countries: CountryOption[];
  countryHint: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const [form, fields] = useForm<Delivery>({ id, lastResult, defaultValue: defaults });
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id={`${id}-heading`} className="text-lg font-bold text-slate-900">
        {heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{intro}</p>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value={intent} />
        <DeliveryFields fields={fields} countries={countries} countryHint={countryHint} />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={pending}>
            {pending ? "Saving..." : "Save address"}
          </Button>
        </div>
      </Form>
    </section>
  );
}
