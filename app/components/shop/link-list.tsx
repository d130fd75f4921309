// The links a customer has added on the order form, each with its remove button; they are posted as links[n].
import { X } from "lucide-react";
import type { CardLink } from "~/schemas/link-platforms";
import { useHydrated } from "~/utils/use-hydrated";

export type DraftLink = CardLink & { key: number };

export function LinkList({ links, onRemove }: { links: DraftLink[]; onRemove: (i: number) => void }) {
  const hydrated = useHydrated();
  if (links.length === 0) return null;
  return (
    <ul className="space-y-2" aria-label="Added links">
      {links.map((l, i) => (
        <li
          key={l.key}
          className="flex items-center justify-between gap-2 rounded-md border border-slate-200 px-3 py-2"
        >
          <span className="min-w-0 break-all text-sm">
            <span className="font-semibold">{l.label}</span>: {l.url}
          </span>
          <input type="hidden" name={`links[${i}].platform`} value={l.platform} />
          <input type="hidden" name={`links[${i}].name`} value={l.label} />
          <input type="hidden" name={`links[${i}].url`} value={l.url} />
          <button
            // Without JavaScript it submits the form, and the server answers with this link removed.
            type={hydrated ? "button" : "submit"}
            name="intent"
            value={`remove-link:${i}`}
            onClick={(e) => {
              e.preventDefault();
              onRemove(i);
            }}
            aria-label={`Remove link ${l.label}`}
            className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md hover:bg-slate-100"
          >
            <X aria-hidden className="h-4 w-4" />
          </button>
        </li>
      ))}
    </ul>
  );
}
