// Forms validated on the server only: shows the errors and values of the server's last reply (conform's
// `submission.reply()`) with conform's ids, names and aria attributes, without shipping a validator or conform's
// client to the browser. A form posts whatever the visitor typed; the action answers with the errors.
import { useEffect, useId, useMemo, useRef } from "react";

/** What `submission.reply()` returns (conform's SubmissionResult), as far as the page reads it. */
export interface SubmissionResult<FormError = string[]> {
  status?: "error" | "success";
  /** The submitted values to show again (hidden fields left out); null asks the form to reset. */
  initialValue?: Record<string, unknown> | null;
  /** Errors by field name; "" holds the errors of the whole form. */
  error?: Record<string, FormError | null> | null;
}

export interface FieldMetadata {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  descriptionId: string;
  errors: string[] | undefined;
  initialValue: unknown;
  /** The value the field was rendered with (the server's echo of it, or its default). */
  value: unknown;
  /** Changes when the form resets, so a control given it as `key` starts again from its default. */
  key: string;
}

export interface FormMetadata {
  id: string;
  errorId: string;
  /** Errors of the whole form (not of one field). */
  errors: string[] | undefined;
  /** Every error by field name. */
  allErrors: Record<string, string[]>;
  status: SubmissionResult["status"];
}

type Fields<Shape> = { [K in keyof Shape & string]: FieldMetadata } & Record<string, FieldMetadata>;

interface FormOptions<Shape> {
  id?: string;
  lastResult?: SubmissionResult | null;
  defaultValue?: { [K in keyof Shape]?: unknown } | Record<string, unknown>;
}

/** Strings as a form would post them: numbers and booleans become text, missing values stay missing. */
function asFormValue(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) return value.map(asFormValue);
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "on" : undefined;
  if (value instanceof Date) return value.toISOString();
  return value;
}

/**
 * The form's and its fields' metadata for the server's last reply. A reply with errors focuses the first field
 * in error; a reply that resets (`resetForm: true`) empties the form back to its defaults.
 */
export function useForm<Shape = Record<string, unknown>>(
  options: FormOptions<Shape>,
): [FormMetadata, Fields<Shape>] {
  const generatedId = useId();
  const formId = options.id ?? generatedId;
  const { lastResult, defaultValue } = options;
  const resets = useRef(0);
  const seen = useRef(lastResult);
  if (seen.current !== lastResult) {
    seen.current = lastResult;
    if (lastResult?.initialValue === null) resets.current++;
  }
  const resetKey = String(resets.current);

  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement) || !lastResult) return;
    if (lastResult.initialValue === null) form.reset();
    else if (lastResult.status === "error") {
      const names = Object.keys(lastResult.error ?? {});
      for (const element of form.elements)
        if (
          (element instanceof HTMLInputElement ||
            element instanceof HTMLSelectElement ||
            element instanceof HTMLTextAreaElement) &&
          names.includes(element.name)
        ) {
          element.focus();
          break;
        }
    }
  }, [formId, lastResult]);

  return useMemo(() => {
    const initial = lastResult?.initialValue ?? (defaultValue as Record<string, unknown> | undefined) ?? {};
    const errors: Record<string, string[]> = {};
    for (const [name, list] of Object.entries(lastResult?.error ?? {})) if (list?.length) errors[name] = list;
    const field = (name: string): FieldMetadata => {
      const id = `${formId}-${name}`;
      const value = asFormValue(initial[name]);
      return {
        id,
        name,
        formId,
        errorId: `${id}-error`,
        descriptionId: `${id}-description`,
        errors: errors[name],
        initialValue: value,
        value,
        key: resetKey,
      };
    };
    const form: FormMetadata = {
      id: formId,
      errorId: `${formId}-error`,
      errors: errors[""],
      allErrors: errors,
      status: lastResult?.status,
    };
    const fields = new Proxy({} as Fields<Shape>, {
      get: (cache, name) => {
        if (typeof name !== "string") return undefined;
        cache[name as keyof typeof cache] ??= field(name) as never;
        return cache[name as keyof typeof cache];
      },
    });
    return [form, fields];
  }, [formId, lastResult, defaultValue, resetKey]);
}

interface ControlOptions {
  /** Extra ids for aria-describedby (a hint), kept beside the error's id. */
  ariaDescribedBy?: string;
}

function controlProps(field: FieldMetadata, options: ControlOptions = {}) {
  const invalid = field.errors !== undefined;
  const describedBy = invalid
    ? `${field.errorId} ${options.ariaDescribedBy ?? ""}`.trim()
    : options.ariaDescribedBy;
  return {
    id: field.id,
    name: field.name,
    form: field.formId,
    ...(invalid ? { "aria-invalid": true as const } : {}),
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
  };
}

/** `<form>`: its id, no browser validation (the server's messages are the ones shown), the form error's id. */
export function getFormProps(form: FormMetadata) {
  return {
    id: form.id,
    noValidate: true,
    ...(form.errors ? { "aria-describedby": form.errorId } : {}),
  };
}

/** An uncontrolled input showing the value the server echoed (or its default); checkboxes and radios checked by it. */
export function getInputProps(
  field: FieldMetadata,
  options: ControlOptions & { type: string; value?: string | false },
) {
  const props: ReturnType<typeof controlProps> & {
    type: string;
    value?: string;
    defaultValue?: string;
    defaultChecked?: boolean;
  } = { ...controlProps(field, options), type: options.type };
  if (options.value === false) return props;
  if (options.type === "checkbox" || options.type === "radio") {
    props.value = options.value ?? "on";
    props.defaultChecked = Array.isArray(field.initialValue)
      ? field.initialValue.includes(props.value)
      : field.initialValue === props.value;
  } else if (typeof field.initialValue === "string") props.defaultValue = field.initialValue;
  return props;
}

export function getSelectProps(field: FieldMetadata, options: ControlOptions & { value?: false } = {}) {
  const props: ReturnType<typeof controlProps> & { defaultValue?: string } = controlProps(field, options);
  if (options.value !== false && field.initialValue !== undefined)
    props.defaultValue = String(field.initialValue);
  return props;
}

export function getTextareaProps(field: FieldMetadata, options: ControlOptions & { value?: false } = {}) {
  const props: ReturnType<typeof controlProps> & { defaultValue?: string } = controlProps(field, options);
  if (options.value !== false && field.initialValue !== undefined)
    props.defaultValue = String(field.initialValue);
  return props;
}
