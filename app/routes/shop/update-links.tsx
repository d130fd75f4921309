import { useState } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { UPDATE_REQUEST_PRICE } from "~/catalog";
import { Button } from "~/components/ui/button";
import { Field, FieldError, FieldFrame, FormMessage } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { normaliseCardNumber, UPDATE_ACTIONS, UPDATE_PLATFORMS } from "~/schemas/update-request-options";
import { addUpdateRequestToCart } from "~/server/shop/update-request-actions.server";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "~/utils/form";
import { formatPence } from "~/utils/money";
import { seo } from "~/utils/seo";
import { controlValue, formById, useEarlyInput } from "~/utils/use-early-input";
import type { Route } from "./+types/update-links";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Update Your Card",
    description:
      "Change the links on a TapCard you already own: tell us the new links and we update your card page.",
    path: "/update-links",
  });

export async function action({ request, context }: Route.ActionArgs) {
  return addUpdateRequestToCart(context, request);
}

export default function UpdateLinks({ actionData }: Route.ComponentProps) {
  const location = useLocation();
  return <UpdateForm key={location.key} lastResult={actionData?.result} />;
}

function UpdateForm({
  lastResult,
}: {
  lastResult: Route.ComponentProps["actionData"] extends infer A
    ? A extends { result: infer R }
      ? R
      : undefined
    : undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { cardNumber: "WC", updateType: "add-link", platform: "Instagram" },
  });
  const [cardNumber, setCardNumber] = useState(String(fields.cardNumber.initialValue ?? "WC"));
  const [type, setType] = useState(String(fields.updateType.initialValue ?? "add-link"));
  const [preview, setPreview] = useState<string | null>(null);
  // The card number and update type as the customer left them before the page's script ran.
  useEarlyInput(() => {
    const typed = formById(form.id);
    const cardNumberTyped = controlValue(typed, fields.cardNumber.name);
    if (cardNumberTyped !== undefined) setCardNumber(normaliseCardNumber(cardNumberTyped));
    setType((t) => controlValue(typed, fields.updateType.name) || t);
  });
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-bold">Update Your Card</h1>
      <p className="mt-2 text-slate-600">
        Add a link, remove a link or change the profile image of your Multi Link card.
      </p>
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        noValidate
        className="mt-8 space-y-5 rounded-xl border border-slate-200 bg-white p-5"
      >
        {form.errors?.length ? <FormMessage>{form.errors[0]}</FormMessage> : null}
        <Field
          label="Card number"
          {...getInputProps(fields.cardNumber, { type: "text", value: false })}
          value={cardNumber}
          onChange={(e) => setCardNumber(normaliseCardNumber(e.target.value))}
          maxLength={6}
          autoCapitalize="characters"
          hint="WC followed by the 4 digits printed on your card"
          errors={fields.cardNumber.errors}
        />
        <Field
          label="Name"
          autoComplete="name"
          {...getInputProps(fields.name, { type: "text" })}
          errors={fields.name.errors}
        />
        <Field
          label="Email"
          autoComplete="email"
          {...getInputProps(fields.email, { type: "email" })}
          errors={fields.email.errors}
        />
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">Update type</legend>
          <div className="flex flex-wrap gap-3">
            {UPDATE_ACTIONS.map((a) => (
              <label
                key={a.value}
                className="flex min-h-11 items-center gap-2 rounded-md border border-slate-300 px-3 has-[:checked]:border-brand-600"
              >
                <input
                  type="radio"
                  name={fields.updateType.name}
                  value={a.value}
                  checked={type === a.value}
                  onChange={() => setType(a.value)}
                  className="h-5 w-5"
                />
                {a.label}
              </label>
            ))}
          </div>
        </fieldset>
        {type === "add-link" ? (
          <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
            <FieldFrame id={fields.platform.id} label="Platform" errors={fields.platform.errors}>
              <Select {...getSelectProps(fields.platform)}>
                {UPDATE_PLATFORMS.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </Select>
            </FieldFrame>
            <Field
              label="URL"
              {...getInputProps(fields.url, { type: "text" })}
              placeholder="https://"
              errors={fields.url.errors}
            />
          </div>
        ) : null}
        {type === "remove-link" ? (
          <FieldFrame id={fields.linkToRemove.id} label="Link to remove" errors={fields.linkToRemove.errors}>
            <Textarea
              {...getTextareaProps(fields.linkToRemove)}
              rows={3}
              placeholder="Paste the exact link"
            />
          </FieldFrame>
        ) : null}
        {type === "change-image" ? (
          <div className="space-y-2">
            <label htmlFor={fields.image.id} className="block text-sm font-medium text-slate-800">
              New profile image
            </label>
            <input
              id={fields.image.id}
              name={fields.image.name}
              type="file"
              accept="image/*"
              aria-invalid={fields.image.errors ? true : undefined}
              aria-describedby={fields.image.errors ? `${fields.image.id}-error` : undefined}
              onChange={(e) => {
                const file = e.target.files?.[0];
                setPreview(file ? URL.createObjectURL(file) : null);
              }}
              className="block w-full text-sm"
            />
            {preview ? (
              <img
                src={preview}
                alt="Preview of the new profile"
                className="h-24 w-24 rounded-full object-cover"
              />
            ) : null}
            <FieldError id={`${fields.image.id}-error`} errors={fields.image.errors} />
          </div>
        ) : null}
        <Field
          label="Edit password (optional)"
          {...getInputProps(fields.editPassword, { type: "password" })}
          autoComplete="off"
          hint="With your card's edit password (or signed in as the card's owner) the change is applied as soon as it is paid; otherwise we check it first."
          errors={fields.editPassword.errors}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Adding..." : `Add to Cart (${formatPence(UPDATE_REQUEST_PRICE, { whole: true })})`}
        </Button>
        <p className="text-center text-sm text-slate-600">
          Each update costs {formatPence(UPDATE_REQUEST_PRICE, { whole: true })} and will be added to your
          cart
        </p>
      </Form>
    </div>
  );
}
