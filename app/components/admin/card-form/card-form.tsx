// The admin card form (docs/product.md#forms-and-messages): profile fields, the profile image and the sortable list
// of links.
import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, FieldFrame, FormMessage } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { CreateCardPageSchema, EditCardPageSchema } from "~/schemas/card-page";
import { generateEditPassword } from "~/utils/edit-password";
import { normalizeSlug } from "~/utils/slug";
import { controlValue, formById, useEarlyInput } from "~/utils/use-early-input";
import { useOwnerEmailSuggestions } from "../owner-email-suggestions";
import type { CardFormLink } from "./link-row";
import { LinksEditor, newLinkKey } from "./links-editor";
import { ProfileImageUpload } from "./profile-image-upload";

export type CardFormValues = {
  name: string;
  businessName: string;
  slug: string;
  password: string;
  contactEmail: string;
  contactPhone: string;
  shopId: string;
  ownerEmail: string;
  profileImageUrl: string;
  bio: string;
  links: Omit<CardFormLink, "key">[];
};

export function CardForm({
  mode,
  defaultValue,
  shops,
  publicUrl,
  lastResult,
  clicksByLink,
}: {
  mode: "create" | "edit";
  defaultValue: CardFormValues;
  shops: { id: string; name: string; location: string | null }[];
  publicUrl: string;
  lastResult?: SubmissionResult<string[]> | null;
  clicksByLink?: Record<string, number>;
}) {
  const schema = mode === "create" ? CreateCardPageSchema : EditCardPageSchema;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  const [uploading, setUploading] = useState(false);
  const [form, fields] = useForm({
    id: `card-form-${mode}`,
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { ...defaultValue, links: undefined },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const [slug, setSlug] = useState(defaultValue.slug);
  const owners = useOwnerEmailSuggestions(`${fields.ownerEmail.id}-suggestions`);
  const [links, setLinks] = useState<CardFormLink[]>(() =>
    defaultValue.links.map((l) => ({ ...l, key: l.id ?? newLinkKey() })),
  );
  // What the admin typed before the page's script ran: the slug's preview and the links are state.
  useEarlyInput(() => {
    const typed = formById(form.id);
    setSlug((s) => controlValue(typed, fields.slug.name) ?? s);
    setLinks((current) =>
      current.map((l, i) => ({
        ...l,
        icon: controlValue(typed, `links[${i}].icon`) ?? l.icon,
        title: controlValue(typed, `links[${i}].title`) ?? l.title,
        url: controlValue(typed, `links[${i}].url`) ?? l.url,
      })),
    );
  });

  return (
    <Form method="post" className="space-y-6" {...getFormProps(form)}>
      {form.errors?.length ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" {...getInputProps(fields.name, { type: "text" })} errors={fields.name.errors} />
        <Field
          label="Business Name"
          {...getInputProps(fields.businessName, { type: "text" })}
          errors={fields.businessName.errors}
        />
        <Field
          label="Page URL Slug"
          {...getInputProps(fields.slug, { type: "text" })}
          onChange={(e) => setSlug(e.currentTarget.value)}
          hint={`Your page will be at ${publicUrl}/${normalizeSlug(slug) || "your-slug"}`}
          errors={fields.slug.errors}
        />
        <PasswordField mode={mode} meta={fields.password} />
        <Field
          label="Email"
          autoComplete="off"
          {...getInputProps(fields.contactEmail, { type: "email" })}
          errors={fields.contactEmail.errors}
        />
        <Field
          label="Phone"
          autoComplete="off"
          {...getInputProps(fields.contactPhone, { type: "tel" })}
          errors={fields.contactPhone.errors}
        />
        <Field
          label="Owner (customer e-mail)"
          autoComplete="off"
          {...getInputProps(fields.ownerEmail, { type: "email" })}
          {...owners.inputProps}
          hint={
            mode === "create"
              ? "Optional: the customer account this card belongs to."
              : "The customer account this card belongs to. Leave blank to clear the owner."
          }
          errors={fields.ownerEmail.errors}
        />
        {owners.datalist}
        {shops.length > 0 ? (
          <FieldFrame id={fields.shopId.id} label="Assign to Shop" errors={fields.shopId.errors}>
            <Select id={fields.shopId.id} name={fields.shopId.name} defaultValue={defaultValue.shopId}>
              <option value="">No shop (unassigned)</option>
              {shops.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.location ? `${s.name} - ${s.location}` : s.name}
                </option>
              ))}
            </Select>
          </FieldFrame>
        ) : null}
      </div>

      <ProfileImageUpload
        name={fields.profileImageUrl.name}
        defaultUrl={defaultValue.profileImageUrl}
        errors={fields.profileImageUrl.errors}
        onBusy={setUploading}
      />

      <FieldFrame id={fields.bio.id} label="Bio" errors={fields.bio.errors}>
        <Textarea {...getTextareaProps(fields.bio)} rows={4} />
      </FieldFrame>

      <LinksEditor links={links} onChange={setLinks} errors={form.allErrors} clicksByLink={clicksByLink} />

      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-6">
        <Link
          to="/admin-dashboard/cards"
          className="inline-flex min-h-11 items-center px-4 text-sm font-semibold text-slate-700 underline"
        >
          Cancel
        </Link>
        <Button type="submit" disabled={saving || uploading}>
          {saving ? "Saving..." : "Save Card Page"}
        </Button>
      </div>
    </Form>
  );
}

function PasswordField({ mode, meta }: { mode: "create" | "edit"; meta: FieldMetadata<string | undefined> }) {
  const generate = () => {
    const input = document.getElementById(meta.id) as HTMLInputElement | null;
    if (input) input.value = generateEditPassword();
  };
  return (
    <div className="space-y-1.5">
      <Field
        label="Edit Password"
        autoComplete="off"
        {...getInputProps(meta, { type: "text" })}
        hint={
          mode === "create"
            ? "Give this to the card owner now: it is stored hashed and cannot be shown again."
            : "Leave blank to keep the current password, or set a new one to replace it."
        }
        errors={meta.errors}
      />
      <Button variant="secondary" onClick={generate} className="min-h-9 py-1">
        Generate password
      </Button>
    </div>
  );
}
