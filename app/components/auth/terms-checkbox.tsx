// The required agreement to the Terms and the Privacy Policy on every form that creates an account.

import { Link } from "react-router";
import { FieldError } from "~/components/ui/field";
import { getInputProps } from "~/utils/form";

type CheckboxField = Parameters<typeof getInputProps>[0];

export function TermsCheckbox({ field }: { field: CheckboxField }) {
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          className="mt-1 h-5 w-5 shrink-0 accent-brand-600"
          {...getInputProps(field, { type: "checkbox" })}
          aria-describedby={field.errors ? `${field.id}-error` : undefined}
        />
        <label htmlFor={field.id} className="text-sm text-slate-700">
          I agree to the{" "}
          <Link to="/terms" className="font-medium text-brand-700 underline">
            Terms of Service
          </Link>{" "}
          and{" "}
          <Link to="/privacy" className="font-medium text-brand-700 underline">
            Privacy Policy
          </Link>
        </label>
      </div>
      <FieldError id={`${field.id}-error`} errors={field.errors} />
    </div>
  );
}
