// An order's way to the customer: paid, being prepared, posted (with the carrier's tracking link), delivered.
// The full list on the success page; one line, the step reached, in the order history.
import { Check } from "lucide-react";
import type { OrderProgressView } from "~/server/shop/order-progress.server";
import { cn } from "~/utils/cn";
import type { ProgressStep } from "~/utils/fulfilment";

const day = (at: string | null) => (at ? new Date(at).toLocaleDateString("en-GB") : "");

function Tracking({ progress }: { progress: OrderProgressView }) {
  if (!progress.trackingNumber) return null;
  return (
    <>
      {" "}
      with {progress.carrier}, tracking{" "}
      {progress.trackingUrl ? (
        <a href={progress.trackingUrl} className="font-medium text-brand-700 underline" rel="noreferrer">
          {progress.trackingNumber}
        </a>
      ) : (
        progress.trackingNumber
      )}
    </>
  );
}

/** The steps of an order on its way; the caller draws it only for one that has them. */
export function OrderProgress({ progress }: { progress: OrderProgressView & { steps: ProgressStep[] } }) {
  return (
    <section
      aria-labelledby="progress-heading"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-5"
    >
      <h2 id="progress-heading" className="text-lg font-bold">
        Order progress
      </h2>
      <ol className="mt-3 space-y-2">
        {progress.steps.map((step) => (
          <li
            key={step.label}
            aria-current={step.label === progress.status.stage ? "step" : undefined}
            className={cn("flex items-start gap-2 text-sm", step.done ? "text-slate-900" : "text-slate-500")}
          >
            <span
              aria-hidden
              className={cn(
                "mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full border",
                step.done ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300",
              )}
            >
              {step.done ? <Check className="size-3.5" /> : null}
            </span>
            <span>
              <span className="font-semibold">{step.label}</span>
              {step.done ? `: ${day(step.at)}` : " (not yet)"}
              {step.label === "Posted" && step.done ? <Tracking progress={progress} /> : null}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Where an order is, for a row of the order history: its stage, with the tracking link once posted. */
export function OrderProgressLine({ progress }: { progress: OrderProgressView }) {
  return (
    <>
      {progress.status.stage}
      {progress.status.stage === "Posted" ? <Tracking progress={progress} /> : null}
    </>
  );
}
