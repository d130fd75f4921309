// Contacts' 'Held for review': shares that arrived while a card was over its daily cap. They were not e-mailed
// to the owner nor sent to their integrations; each is accepted (it becomes a contact) or deleted, or all are
// deleted at once after a confirmation. Works without JavaScript.
import { Check, Trash2 } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import type { HeldData } from "~/server/contacts/review.server";
import { formatMoment } from "~/utils/dates";

const panel = "rounded-xl border border-amber-300 bg-amber-50 p-5";

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

export function HeldForReview({ held }: { held: HeldData }) {
  if (held.total === 0) return null;
  const shown = held.contacts.length;
  return (
    <section aria-labelledby="held-heading" className={`${panel} space-y-4`}>
      <div>
        <h2 id="held-heading" className="text-lg font-bold text-slate-900">
          Held for review <span className="font-normal text-slate-700">({held.total})</span>
        </h2>
        <p className="mt-1 text-sm text-slate-800">
          {plural(held.total, "share was", "shares were")} sent after a card had taken {held.dailyCap} in a
          day. We kept {held.total === 1 ? "it" : "them"} instead of turning people away, but did not e-mail
          you or send {held.total === 1 ? "it" : "them"} to your integrations. Accept the people you know;
          delete the rest.
        </p>
        {shown < held.total ? (
          <p className="mt-1 text-sm text-slate-800">
            Showing the newest {shown} of {held.total}.
          </p>
        ) : null}
      </div>
      <ul
        aria-label="Held for review"
        className="divide-y divide-amber-200 rounded-lg border border-amber-200 bg-white"
      >
        {held.contacts.map((c) => (
          <li key={c.id} className="space-y-1 p-4">
            <p className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-semibold text-slate-900">{c.name}</span>
              <time dateTime={c.createdAt} className="text-sm text-slate-600">
                {formatMoment(c.createdAt)}
              </time>
            </p>
            {[c.email, c.phone, c.company, c.jobTitle].some(Boolean) ? (
              <p className="break-words text-sm text-slate-800">
                {[c.email, c.phone, c.company, c.jobTitle].filter(Boolean).join(" · ")}
              </p>
            ) : null}
            {c.note ? (
              <p className="whitespace-pre-line break-words text-sm text-slate-800">{c.note}</p>
            ) : null}
            <p className="text-sm text-slate-600">
              From {c.card}, by {c.sourceLabel}
            </p>
            <div className="flex flex-wrap gap-2 pt-2">
              <Form method="post" action={`/dashboard/contacts/${c.id}`}>
                <input type="hidden" name="intent" value="accept-contact" />
                <Button type="submit" variant="secondary">
                  <Check aria-hidden className="size-4" /> Accept<span className="sr-only"> {c.name}</span>
                </Button>
              </Form>
              <Form method="post" action={`/dashboard/contacts/${c.id}`}>
                <input type="hidden" name="intent" value="delete-contact" />
                <Button type="submit" variant="ghost">
                  <Trash2 aria-hidden className="size-4" /> Delete<span className="sr-only"> {c.name}</span>
                </Button>
              </Form>
            </div>
          </li>
        ))}
      </ul>
      <details>
        <summary className="cursor-pointer text-sm font-semibold text-red-800">
          {held.total === 1 ? "Delete the held share" : `Delete all ${held.total} held shares`}
        </summary>
        <Form method="post" action="/dashboard/contacts" className="mt-3 space-y-2">
          <input type="hidden" name="intent" value="delete-held" />
          <p className="text-sm text-red-900">
            They are deleted for good and cannot be brought back. Your contacts stay.
          </p>
          <Button type="submit" variant="danger">
            <Trash2 aria-hidden className="size-4" /> Delete {plural(held.total, "held share", "held shares")}{" "}
            for good
          </Button>
        </Form>
      </details>
    </section>
  );
}
