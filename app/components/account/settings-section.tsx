// What every part of Settings → Account shares: its titled frame, a form's answer picked out by intent, and
// whether that form is being sent.
import { useNavigation } from "react-router";
import type { SubmissionResult } from "~/utils/form";

/** What the page's action answered: a form's errors, by intent. */
export type ActionAnswer = { intent?: string; result?: unknown } | undefined;

export function resultOf(answer: ActionAnswer, intent: string) {
  return answer?.intent === intent ? (answer.result as SubmissionResult<string[]>) : undefined;
}

export function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

export function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="rounded-xl border border-slate-200 bg-white p-5"
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-2 space-y-4">{children}</div>
    </section>
  );
}
