// The card form's links: a list sorted by dragging (mouse, touch or keyboard) or by the up and down buttons.
// Links are plain named inputs in the current order, so the server receives them already sorted.
import { closestCenter, DndContext, type DragEndEvent } from "@dnd-kit/core";
import { arrayMove, SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { useSortableSensors } from "~/components/ui/sortable-sensors";
import { type CardFormLink, LinkRow } from "./link-row";

let keySeed = 0;
/** A key for a link row that has no database id yet. */
export const newLinkKey = () => `link-${Date.now().toString(36)}-${keySeed++}`;

export function LinksEditor({
  links,
  onChange,
  errors,
  clicksByLink,
}: {
  links: CardFormLink[];
  onChange: (links: CardFormLink[]) => void;
  errors: Record<string, string[] | undefined>;
  clicksByLink?: Record<string, number>;
}) {
  const sensors = useSortableSensors();
  const [announcement, setAnnouncement] = useState("");
  const move = (from: number, to: number) => {
    if (to < 0 || to >= links.length || from === to) return;
    onChange(arrayMove(links, from, to));
    setAnnouncement(`${links[from]!.title || "Link"} moved to position ${to + 1} of ${links.length}`);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      links.findIndex((l) => l.key === active.id),
      links.findIndex((l) => l.key === over.id),
    );
  };
  const update = (key: string, patch: Partial<CardFormLink>) =>
    onChange(links.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  return (
    <section aria-labelledby="links-heading" className="space-y-3">
      <div className="flex items-center justify-between">
        <h2 id="links-heading" className="text-lg font-semibold">
          Links
        </h2>
        <Button
          variant="secondary"
          onClick={() => onChange([...links, { key: newLinkKey(), title: "", url: "", icon: "globe" }])}
        >
          <Plus className="size-4" aria-hidden="true" /> Add Link
        </Button>
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {links.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-slate-600">
          No links added. Click "Add Link" to add some.
        </p>
      ) : (
        <DndContext
          id="card-links"
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
        >
          <SortableContext items={links.map((l) => l.key)} strategy={verticalListSortingStrategy}>
            <ol className="space-y-3">
              {links.map((link, index) => (
                <LinkRow
                  key={link.key}
                  link={link}
                  index={index}
                  count={links.length}
                  errors={errors}
                  clicks={link.id ? clicksByLink?.[link.id] : undefined}
                  onUpdate={(patch) => update(link.key, patch)}
                  onRemove={() => onChange(links.filter((l) => l.key !== link.key))}
                  onMove={(to) => move(index, to)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
    </section>
  );
}
