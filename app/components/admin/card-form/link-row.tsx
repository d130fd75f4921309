// One link of the card form: drag handle, icon, title, URL, move and delete buttons, and its click count.
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ArrowDown, ArrowUp, GripVertical, Trash2 } from "lucide-react";
import { FieldError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { LINK_ICON_LABELS, LINK_ICONS } from "~/utils/card-links";

/** A link as the card form edits it; key tells rows apart before they are saved. */
export type CardFormLink = { key: string; id?: string; title: string; url: string; icon: string };

export function LinkRow({
  link,
  index,
  count,
  errors,
  clicks,
  onUpdate,
  onRemove,
  onMove,
}: {
  link: CardFormLink;
  index: number;
  count: number;
  errors: Record<string, string[] | undefined>;
  clicks?: number;
  onUpdate: (patch: Partial<CardFormLink>) => void;
  onRemove: () => void;
  onMove: (to: number) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: link.key });
  const base = `links[${index}]`;
  const titleError = errors[`${base}.title`];
  const urlError = errors[`${base}.url`];
  const label = link.title || `link ${index + 1}`;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`rounded-lg border border-slate-200 bg-white p-3 ${isDragging ? "relative z-10 shadow-lg" : ""}`}
    >
      {link.id ? <input type="hidden" name={`${base}.id`} value={link.id} /> : null}
      {/* Narrow screens: handle, icon and the row's buttons on one line, title and URL full width below.
          From sm up: everything on one line. */}
      <div className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-start gap-2 sm:grid-cols-[auto_9rem_minmax(0,1fr)_minmax(0,2fr)_auto]">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Drag to reorder ${label}`}
          className="col-start-1 row-start-1 inline-flex size-11 touch-none cursor-grab items-center justify-center rounded-md text-slate-600 hover:bg-slate-100"
        >
          <GripVertical className="size-5" aria-hidden="true" />
        </button>
        <div className="col-start-2 row-start-1 min-w-0">
          <label htmlFor={`${link.key}-icon`} className="sr-only">
            Icon for {label}
          </label>
          <Select
            id={`${link.key}-icon`}
            name={`${base}.icon`}
            value={link.icon}
            onChange={(e) => onUpdate({ icon: e.currentTarget.value })}
          >
            {LINK_ICONS.map((icon) => (
              <option key={icon} value={icon}>
                {LINK_ICON_LABELS[icon]}
              </option>
            ))}
          </Select>
        </div>
        <div className="col-span-3 min-w-0 sm:col-span-1 sm:col-start-3 sm:row-start-1">
          <label htmlFor={`${link.key}-title`} className="sr-only">
            Title of link {index + 1}
          </label>
          <Input
            id={`${link.key}-title`}
            name={`${base}.title`}
            value={link.title}
            placeholder="Title"
            onChange={(e) => onUpdate({ title: e.currentTarget.value })}
            aria-invalid={titleError ? true : undefined}
            aria-describedby={titleError ? `${link.key}-title-error` : undefined}
          />
          <FieldError id={`${link.key}-title-error`} errors={titleError} />
        </div>
        <div className="col-span-3 min-w-0 sm:col-span-1 sm:col-start-4 sm:row-start-1">
          <label htmlFor={`${link.key}-url`} className="sr-only">
            URL of link {index + 1}
          </label>
          <Input
            id={`${link.key}-url`}
            name={`${base}.url`}
            value={link.url}
            placeholder="https://"
            inputMode="url"
            onChange={(e) => onUpdate({ url: e.currentTarget.value })}
            aria-invalid={urlError ? true : undefined}
            aria-describedby={urlError ? `${link.key}-url-error` : undefined}
          />
          <FieldError id={`${link.key}-url-error`} errors={urlError} />
        </div>
        <div className="col-start-3 row-start-1 flex items-center sm:col-start-5">
          <button
            type="button"
            onClick={() => onMove(index - 1)}
            disabled={index === 0}
            aria-label={`Move ${label} up`}
            className="inline-flex size-11 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 disabled:opacity-30"
          >
            <ArrowUp className="size-4" aria-hidden="true" />
          </button>
          <button
            type="button"
            onClick={() => onMove(index + 1)}
            disabled={index === count - 1}
            aria-label={`Move ${label} down`}
            className="inline-flex size-11 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 disabled:opacity-30"
          >
            <ArrowDown className="size-4" aria-hidden="true" />
          </button>
          <button
            type="button"
            onClick={onRemove}
            aria-label={`Delete ${label}`}
            className="inline-flex size-11 items-center justify-center rounded-md text-red-700 hover:bg-red-50"
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        </div>
      </div>
      {clicks !== undefined ? <p className="mt-1 pl-13 text-sm text-slate-600">{clicks} clicks</p> : null}
    </li>
  );
}
