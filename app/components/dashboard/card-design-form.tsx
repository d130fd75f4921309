// My Cards -> Design: the card page's design form, its links shown or hidden and in order, and a phone-sized
// preview. Everything works without JavaScript: 'Preview' reloads this page with the choices in its address, and
// each link's buttons post at once. With JavaScript the preview follows the form as it changes.
import { useRef } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field";
import {
  BUTTON_FILLS,
  BUTTON_SHAPES,
  type CardDesign,
  FONTS,
  THEME_OPTIONS,
  VARIANTS,
} from "~/utils/card-design/options";
import type { SubmissionResult } from "~/utils/form";

const VARIANT_LABELS = { auto: "Follow the visitor's device", light: "Always light", dark: "Always dark" };
const FILL_LABELS = { filled: "Filled", outlined: "Outlined" };
const SHAPE_LABELS = { rounded: "Rounded", square: "Square" };

function Choice<T extends string>({
  legend,
  name,
  options,
  value,
}: {
  legend: string;
  name: keyof CardDesign;
  options: readonly { id: T; label: string; hint?: string }[];
  value: string;
}) {
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{legend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {options.map((o) => (
          <label key={o.id} className="flex min-h-11 items-start gap-2 text-sm text-slate-800">
            <input type="radio" name={name} value={o.id} defaultChecked={o.id === value} className="mt-1" />
            <span>
              {o.label}
              {o.hint ? <span className="block text-slate-600">{o.hint}</span> : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function previewQuery(form: HTMLFormElement) {
  const query = new URLSearchParams();
  for (const [key, value] of new FormData(form)) if (typeof value === "string") query.set(key, value);
  query.delete("intent");
  return query.toString();
}

export function CardDesignForm({
  cardNumber,
  design,
  adjustments,
  previewSrc,
  lastResult,
}: {
  cardNumber: string;
  design: CardDesign;
  adjustments: { variant: string; chosen: string; used: string }[];
  previewSrc: string;
  lastResult?: SubmissionResult;
}) {
  const preview = useRef<HTMLIFrameElement>(null);
  const errors = lastResult?.error ?? {};
  const base = `/dashboard/cards/${cardNumber}`;
  // With JavaScript, the preview follows every change; the colour picker and the hex field keep each other in step.
  const follow = (event: React.FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const target = event.target as HTMLInputElement;
    if (target.name === "brandPicker") form.brand.value = target.value;
    if (target.name === "brand" && /^#[0-9a-f]{6}$/i.test(target.value))
      form.brandPicker.value = target.value;
    if (preview.current) preview.current.src = `${base}/preview?${previewQuery(form)}`;
  };
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_auto]">
      <Form method="post" action={`${base}/design`} className="space-y-5" onChange={follow}>
        <Choice
          legend="Theme"
          name="theme"
          value={design.theme}
          options={THEME_OPTIONS.map((t) => ({ id: t.id, label: t.name, hint: t.description }))}
        />
        <Choice
          legend="Light or dark"
          name="variant"
          value={design.variant}
          options={VARIANTS.map((v) => ({ id: v, label: VARIANT_LABELS[v] }))}
        />
        <fieldset className="rounded-lg border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">Brand colour</legend>
          <div className="mt-2 flex flex-wrap items-end gap-3">
            <label className="grid gap-1 text-sm text-slate-800">
              Pick a colour
              <input
                type="color"
                name="brandPicker"
                defaultValue={design.brand}
                className="h-11 w-16 rounded border border-slate-300"
              />
            </label>
            <label className="grid gap-1 text-sm text-slate-800">
              Or type it (#rrggbb)
              <input
                name="brand"
                defaultValue={design.brand}
                maxLength={7}
                aria-invalid={errors.brand ? true : undefined}
                aria-describedby={errors.brand ? "brand-error" : undefined}
                className="min-h-11 w-32 rounded-md border border-slate-300 px-3 font-mono"
              />
            </label>
            <input type="hidden" name="brandSaved" value={design.brand} />
          </div>
          <FieldError id="brand-error" errors={errors.brand ?? undefined} />
          {adjustments.map((a) => (
            <p key={a.variant} className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-700">
              <span
                className="inline-block size-5 rounded border border-slate-300"
                style={{ background: a.chosen }}
              />
              {a.chosen} is too light or dark to read on the {a.variant} page, so it uses
              <span
                className="inline-block size-5 rounded border border-slate-300"
                style={{ background: a.used }}
              />
              {a.used}, the nearest colour that keeps text readable.
            </p>
          ))}
        </fieldset>
        <Choice
          legend="Buttons"
          name="buttonFill"
          value={design.buttonFill}
          options={BUTTON_FILLS.map((v) => ({ id: v, label: FILL_LABELS[v] }))}
        />
        <Choice
          legend="Button corners"
          name="buttonShape"
          value={design.buttonShape}
          options={BUTTON_SHAPES.map((v) => ({ id: v, label: SHAPE_LABELS[v] }))}
        />
        <Choice
          legend="Font"
          name="font"
          value={design.font}
          options={Object.entries(FONTS).map(([id, f]) => ({ id, label: f.name }))}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="save-design">
            Save
          </Button>
          <Button
            type="submit"
            variant="secondary"
            formMethod="get"
            formAction={`${base}/design`}
            name="preview"
            value="1"
          >
            Preview
          </Button>
        </div>
      </Form>
      <div className="grid justify-items-center gap-2">
        <iframe
          ref={preview}
          title="Preview of your card page"
          src={previewSrc}
          className="h-[640px] w-full max-w-[375px] rounded-2xl border border-slate-300 sm:w-[375px]"
        />
        <p className="text-sm text-slate-600">Nothing is live until you save.</p>
      </div>
    </div>
  );
}

/** 'Reset to default': the design the shop gives every new card. */
export function ResetDesignForm({ cardNumber }: { cardNumber: string }) {
  return (
    <form method="post" action={`/dashboard/cards/${cardNumber}/design`}>
      <Button type="submit" variant="secondary" name="intent" value="reset-design">
        Reset to default
      </Button>
    </form>
  );
}
