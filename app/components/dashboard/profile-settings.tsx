// Settings, Profile tab: the profile photo, the personal details and the e-mail change, each its own form that
// works without JavaScript and validates with the schema the server uses.

import { UserRound } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, FieldFrame, FormMessage } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import { PROFILE_LIMITS } from "~/schemas/profile-limits";
import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from "~/utils/form";

type LastResult = SubmissionResult<string[]> | undefined;

const section = "rounded-xl border border-slate-200 bg-white p-5";
const heading = "text-lg font-bold text-slate-900";

/** True while this form's intent is being posted. */
function usePending(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

export function AvatarForm({ image, lastResult }: { image: string | null; lastResult: LastResult }) {
  const pending = usePending("avatar");
  const [form, fields] = useForm({
    id: "avatar-form",
    lastResult,
  });
  return (
    <section aria-labelledby="avatar-heading" className={section}>
      <h2 id="avatar-heading" className={heading}>
        Profile photo
      </h2>
      <div className="mt-4 flex flex-wrap items-center gap-5">
        {image ? (
          <img
            src={image}
            alt="Your current avatar"
            width={80}
            height={80}
            className="size-20 rounded-full object-cover"
          />
        ) : (
          <div aria-hidden className="flex size-20 items-center justify-center rounded-full bg-slate-200">
            <UserRound className="size-10 text-slate-500" />
          </div>
        )}
        <Form
          method="post"
          encType="multipart/form-data"
          {...getFormProps(form)}
          noValidate
          className="min-w-0 flex-1 space-y-3"
        >
          <input type="hidden" name="intent" value="avatar" />
          <div className="space-y-1.5">
            <label htmlFor={fields.avatar.id} className="block text-sm font-medium text-slate-800">
              Choose a photo
            </label>
            <input
              id={fields.avatar.id}
              name={fields.avatar.name}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif"
              aria-invalid={fields.avatar.errors ? true : undefined}
              aria-describedby={cnIds(fields.avatar.errors ? fields.avatar.errorId : null, "avatar-hint")}
              className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-4 file:font-semibold"
            />
            <p id="avatar-hint" className="text-sm text-slate-600">
              JPEG, PNG, WebP or GIF, up to 5 MB. It is cropped to a square.
            </p>
            {fields.avatar.errors ? (
              <p id={fields.avatar.errorId} className="text-sm font-medium text-red-700">
                {fields.avatar.errors[0]}
              </p>
            ) : null}
          </div>
          <Button type="submit" variant="secondary" disabled={pending}>
            {pending ? "Uploading..." : "Upload photo"}
          </Button>
        </Form>
      </div>
    </section>
  );
}

const cnIds = (...ids: (string | null)[]) => ids.filter(Boolean).join(" ") || undefined;

export function ProfileDetailsForm({
  defaults,
  lastResult,
}: {
  defaults: { firstName: string; lastName: string; bio: string; location: string };
  lastResult: LastResult;
}) {
  const pending = usePending("profile");
  const [form, fields] = useForm({
    id: "profile-form",
    lastResult,
    defaultValue: defaults,
  });
  return (
    <section aria-labelledby="details-heading" className={section}>
      <h2 id="details-heading" className={heading}>
        Personal details
      </h2>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="profile" />
        <Field
          label="First name"
          autoComplete="given-name"
          maxLength={PROFILE_LIMITS.firstName}
          {...getInputProps(fields.firstName, { type: "text" })}
          errors={fields.firstName.errors}
        />
        <Field
          label="Last name"
          autoComplete="family-name"
          maxLength={PROFILE_LIMITS.lastName}
          {...getInputProps(fields.lastName, { type: "text" })}
          errors={fields.lastName.errors}
        />
        <FieldFrame id={fields.bio.id} label="Bio" errors={fields.bio.errors} className="sm:col-span-2">
          <Textarea {...getTextareaProps(fields.bio)} rows={4} maxLength={PROFILE_LIMITS.bio} />
        </FieldFrame>
        <Field
          label="Location"
          autoComplete="address-level2"
          maxLength={PROFILE_LIMITS.location}
          className="sm:col-span-2"
          {...getInputProps(fields.location, { type: "text" })}
          errors={fields.location.errors}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={pending}>
            {pending ? "Saving..." : "Save Changes"}
          </Button>
        </div>
      </Form>
    </section>
  );
}

export function EmailForm({
  email,
  twoFactor,
  notice,
  lastResult,
}: {
  email: string;
  twoFactor: boolean;
  notice: { tone: "success" | "error"; text: string } | null;
  lastResult: LastResult;
}) {
  const pending = usePending("email");
  const [form, fields] = useForm({
    id: "email-form",
    lastResult,
  });
  return (
    <section aria-labelledby="email-heading" className={section}>
      <h2 id="email-heading" className={heading}>
        E-mail address
      </h2>
      <p className="mt-1 text-slate-700">
        Your account's e-mail address is <strong className="break-all">{email}</strong>.
      </p>
      {notice ? (
        <div className="mt-4">
          <FormMessage tone={notice.tone}>{notice.text}</FormMessage>
        </div>
      ) : null}
      <Form method="post" {...getFormProps(form)} noValidate className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="email" />
        {form.errors?.length ? <FormMessage>{form.errors[0]}</FormMessage> : null}
        <Field
          label="New e-mail address"
          autoComplete="email"
          hint="We send a link to the new address; your e-mail address changes once you open it. We tell your current address too."
          {...getInputProps(fields.newEmail, { type: "email" })}
          errors={fields.newEmail.errors}
        />
        <Field
          label="Current password"
          autoComplete="current-password"
          {...getInputProps(fields.password, { type: "password" })}
          errors={fields.password.errors}
        />
        {twoFactor ? (
          <Field
            label="Code from the app or a backup code"
            autoComplete="one-time-code"
            {...getInputProps(fields.code, { type: "text" })}
            errors={fields.code.errors}
          />
        ) : null}
        <Button type="submit" variant="secondary" disabled={pending}>
          {pending ? "Sending..." : "Change e-mail"}
        </Button>
      </Form>
    </section>
  );
}
