// The look shared by the form-control primitives (input.tsx, select.tsx, textarea.tsx). Variants set the
// size; where the control sits and how wide it is (w-full, flex-1, max-w-*) is the caller's className.
import { cn } from "~/utils/cn";

const base =
  "rounded-md border border-slate-300 bg-white text-slate-900 placeholder:text-slate-400 focus:border-brand-600 aria-[invalid=true]:border-red-600";

const variants = {
  /** A labelled field in a form: full width, comfortable padding. */
  field: "block w-full px-3 py-2.5 text-base",
  /** A search box or a short admin form: the 44 px touch height, width from the caller. */
  toolbar: "min-h-11 px-3",
  /** A select inside a list row. */
  compact: "min-h-11 px-2 text-sm",
} as const;
export type ControlVariant = keyof typeof variants;

export function controlClass(variant: ControlVariant = "field", className?: string) {
  return cn(base, variants[variant], className);
}
