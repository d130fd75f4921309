import { useId } from "react";
import { cn } from "~/utils/cn";
import { Input } from "./input";

/** A labelled input with its error beside it; the error is announced and linked by aria-describedby. */
export function Field({
  label,
  errors,
  hint,
  className,
  ...input
}: React.InputHTMLAttributes<HTMLInputElement> & { label: string; errors?: string[]; hint?: string }) {
  const fallbackId = useId();
  const id = input.id ?? fallbackId;
  const hintId = `${id}-hint`;
  const invalid = Boolean(errors?.length);
  return (
    <FieldFrame id={id} label={label} errors={errors} className={className}>
      <Input
        id={id}
        aria-invalid={invalid || undefined}
        aria-describedby={cn(invalid && errorIdOf(id), hint && hintId) || undefined}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
    </FieldFrame>
  );
}

/** The id of a control's error message; conform names its own the same way. */
const errorIdOf = (id: string) => `${id}-error`;

/** The label above a control and its error below; a select or textarea goes in as the child. */
export function FieldFrame({
  id,
  label,
  errors,
  className,
  children,
}: {
  id: string;
  label: string;
  errors?: string[];
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("space-y-1.5", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      <FieldError id={errorIdOf(id)} errors={errors} />
    </div>
  );
}

export function FieldError({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="text-sm font-medium text-red-700">
      {errors[0]}
    </p>
  );
}

/** A message about the whole form (e.g. wrong credentials), read out when it appears. */
export function FormMessage({
  tone = "error",
  children,
}: {
  tone?: "error" | "success";
  children: React.ReactNode;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn(
        "rounded-md border px-4 py-3 text-sm",
        tone === "error"
          ? "border-red-200 bg-red-50 text-red-800"
          : "border-green-200 bg-green-50 text-green-800",
      )}
    >
      {children}
    </div>
  );
}
