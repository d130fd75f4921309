// My Cards -> Design: the card's links, each shown or hidden and moved up or down at once (free; adding, removing
// or changing a link stays a paid update in My Links). Plain forms: they work without JavaScript; with it, links
// can be dragged into order as well.
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVertical } from "lucide-react";
import { useState } from "react";
import { useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { useSortableSensors } from "~/components/ui/sortable-sensors";
import { useHydrated } from "~/utils/use-hydrated";

export interface DesignLink {
  id: string;
  title: string;
  hidden: boolean;
}

function LinkButton({
  action,
  linkId,
  intent,
  label,
  children,
  disabled,
}: {
  action: string;
  linkId: string;
  intent: string;
  label: string;
  children: React.ReactNode;
  disabled?: boolean;
}) {
  return (
    <form method="post" action={action}>
      <input type="hidden" name="linkId" value={linkId} />
      <Button
        type="submit"
        variant="secondary"
        name="intent"
        value={intent}
        aria-label={label}
        disabled={disabled}
      >
        {children}
      </Button>
    </form>
  );
}

function LinkItem({
  action,
  link,
  index,
  count,
  draggable,
}: {
  action: string;
  link: DesignLink;
  index: number;
  count: number;
  draggable: boolean;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: link.id, disabled: !draggable });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3 ${isDragging ? "relative z-10 shadow-lg" : ""}`}
    >
      <div className="flex min-w-0 items-center gap-2">
        {draggable ? (
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={`Drag to reorder ${link.title}`}
            className="inline-flex size-11 flex-none touch-none cursor-grab items-center justify-center rounded-md text-slate-600 hover:bg-slate-100"
          >
            <GripVertical className="size-5" aria-hidden="true" />
          </button>
        ) : null}
        <div className="min-w-0">
          <p className="break-words font-semibold text-slate-900">{link.title}</p>
          <p className="text-sm text-slate-600">{link.hidden ? "Hidden from your page" : "On your page"}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <LinkButton
          action={action}
          linkId={link.id}
          intent={link.hidden ? "show-link" : "hide-link"}
          label={`${link.hidden ? "Show" : "Hide"} ${link.title}`}
        >
          {link.hidden ? "Show" : "Hide"}
        </LinkButton>
        <LinkButton
          action={action}
          linkId={link.id}
          intent="move-up"
          label={`Move ${link.title} up`}
          disabled={index === 0}
        >
          Up
        </LinkButton>
        <LinkButton
          action={action}
          linkId={link.id}
          intent="move-down"
          label={`Move ${link.title} down`}
          disabled={index === count - 1}
        >
          Down
        </LinkButton>
      </div>
    </li>
  );
}

const INSTRUCTIONS = {
  draggable:
    "To move a link, press space or enter, then the up and down arrow keys; space or enter drops it, escape cancels.",
};

/** What a screen reader hears while a link is dragged: the links by their titles, never their ids. */
function announcements(links: DesignLink[]): Announcements {
  const title = (id: UniqueIdentifier) => links.find((l) => l.id === id)?.title ?? "The link";
  const position = (id: UniqueIdentifier) => links.findIndex((l) => l.id === id) + 1;
  return {
    onDragStart: ({ active }) => `Picked up ${title(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${title(active.id)} is at position ${position(over.id)} of ${links.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${title(active.id)} dropped at position ${position(over.id)} of ${links.length}.`
        : `${title(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${title(active.id)} was cancelled.`,
  };
}

/**
 * `action`: the Design page's address, which takes the posts. With JavaScript each link also has a handle to drag
 * it (mouse, touch or keyboard); the new order is saved at once, shown before the server answers.
 */
export function CardDesignLinks({ action, links }: { action: string; links: DesignLink[] }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const [dragged, setDragged] = useState<string[] | null>(null);
  // New links from the server (after a save, or any other change) replace a dragged order.
  const [basis, setBasis] = useState(links);
  if (basis !== links) {
    setBasis(links);
    setDragged(null);
  }
  const sensors = useSortableSensors();
  // The dragged order until the page's data comes back with it.
  const byId = new Map(links.map((l) => [l.id, l]));
  const shown = dragged ? dragged.map((id) => byId.get(id)!) : links;
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const ids = shown.map((l) => l.id);
    const to = ids.indexOf(String(over.id));
    const order = arrayMove(ids, ids.indexOf(String(active.id)), to);
    setDragged(order);
    submit(
      { intent: "reorder-links", order: order.join(",") },
      { method: "post", action, preventScrollReset: true },
    );
  };
  if (links.length === 0) return <p className="text-slate-600">This card has no links yet.</p>;
  return (
    <DndContext
      id="design-links"
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements: announcements(shown), screenReaderInstructions: INSTRUCTIONS }}
    >
      <SortableContext items={shown.map((l) => l.id)} strategy={verticalListSortingStrategy}>
        <ol className="grid gap-3">
          {shown.map((link, i) => (
            <LinkItem
              key={link.id}
              action={action}
              link={link}
              index={i}
              count={shown.length}
              draggable={hydrated}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
