// The admin card form (SPEC.md section 2): profile fields, image upload and a sortable list of links.
// Links are plain named inputs in the current order, so the server receives them already sorted.
import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ArrowDown, ArrowUp, GripVertical, Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, FieldError, FieldFrame, FormMessage } from "~/components/ui/field";
import { CreateCardPageSchema, EditCardPageSchema, IMAGE_MAX_BYTES } from "~/schemas/card-page";
import { LINK_ICON_LABELS, LINK_ICONS } from "~/utils/card-links";
import { generateEditPassword } from "~/utils/edit-password";
import { normalizeSlug } from "~/utils/slug";

export type CardFormLink = { key: string; id?: string; title: string; url: string; icon: string };
export type CardFormValues = {
  name: string;
  businessName: string;
  slug: string;
  password: string;
  contactEmail: string;
  contactPhone: string;
  shopId: string;
  profileImageUrl: string;
  bio: string;
  links: Omit<CardFormLink, "key">[];
};

const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 focus:border-brand-600 aria-[invalid=true]:border-red-600";

let keySeed = 0;
const newKey = () => `link-${Date.now().toString(36)}-${keySeed++}`;

export function CardForm({
  mode,
  defaultValue,
  shops,
  publicUrl,
  lastResult,
  clicksByLink,
}: {
  mode: "create" | "edit";
  defaultValue: CardFormValues;
  shops: { id: string; name: string; location: string | null }[];
  publicUrl: string;
  lastResult?: SubmissionResult<string[]> | null;
  clicksByLink?: Record<string, number>;
}) {
  const schema = mode === "create" ? CreateCardPageSchema : EditCardPageSchema;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  const [uploading, setUploading] = useState(false);
  const [form, fields] = useForm({
    id: `card-form-${mode}`,
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { ...defaultValue, links: undefined },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const [slug, setSlug] = useState(defaultValue.slug);
  const [links, setLinks] = useState<CardFormLink[]>(() =>
    defaultValue.links.map((l) => ({ ...l, key: l.id ?? newKey() })),
  );

  return (
    <Form method="post" className="space-y-6" {...getFormProps(form)}>
      {form.errors?.length ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" {...getInputProps(fields.name, { type: "text" })} errors={fields.name.errors} />
        <Field
          label="Business Name"
          {...getInputProps(fields.businessName, { type: "text" })}
          errors={fields.businessName.errors}
        />
        <Field
          label="Page URL Slug"
          {...getInputProps(fields.slug, { type: "text" })}
          onChange={(e) => setSlug(e.currentTarget.value)}
          hint={`Your page will be at ${publicUrl}/${normalizeSlug(slug) || "your-slug"}`}
          errors={fields.slug.errors}
        />
        <PasswordField mode={mode} meta={fields.password} />
        <Field
          label="Email"
          autoComplete="off"
          {...getInputProps(fields.contactEmail, { type: "email" })}
          errors={fields.contactEmail.errors}
        />
        <Field
          label="Phone"
          autoComplete="off"
          {...getInputProps(fields.contactPhone, { type: "tel" })}
          errors={fields.contactPhone.errors}
        />
        {shops.length > 0 ? (
          <FieldFrame id={fields.shopId.id} label="Assign to Shop" errors={fields.shopId.errors}>
            <select
              id={fields.shopId.id}
              name={fields.shopId.name}
              defaultValue={defaultValue.shopId}
              className={inputClass}
            >
              <option value="">No shop (unassigned)</option>
              {shops.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.location ? `${s.name} - ${s.location}` : s.name}
                </option>
              ))}
            </select>
          </FieldFrame>
        ) : null}
      </div>

      <ImageUpload
        name={fields.profileImageUrl.name}
        defaultUrl={defaultValue.profileImageUrl}
        errors={fields.profileImageUrl.errors}
        onBusy={setUploading}
      />

      <FieldFrame id={fields.bio.id} label="Bio" errors={fields.bio.errors}>
        <textarea {...getTextareaProps(fields.bio)} rows={4} className={inputClass} />
      </FieldFrame>

      <LinksEditor links={links} onChange={setLinks} errors={form.allErrors} clicksByLink={clicksByLink} />

      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-6">
        <Link
          to="/admin-dashboard?tab=cards"
          className="inline-flex min-h-11 items-center px-4 text-sm font-semibold text-slate-700 underline"
        >
          Cancel
        </Link>
        <Button type="submit" disabled={saving || uploading}>
          {saving ? "Saving..." : "Save Card Page"}
        </Button>
      </div>
    </Form>
  );
}

function PasswordField({ mode, meta }: { mode: "create" | "edit"; meta: FieldMetadata<string | undefined> }) {
  const generate = () => {
    const input = document.getElementById(meta.id) as HTMLInputElement | null;
    if (input) input.value = generateEditPassword();
  };
  return (
    <div className="space-y-1.5">
      <Field
        label="Edit Password"
        autoComplete="off"
        {...getInputProps(meta, { type: "text" })}
        hint={
          mode === "create"
            ? "Give this to the card owner now: it is stored hashed and cannot be shown again."
            : "Leave blank to keep the current password, or set a new one to replace it."
        }
        errors={meta.errors}
      />
      <Button variant="secondary" onClick={generate} className="min-h-9 py-1">
        Generate password
      </Button>
    </div>
  );
}

function ImageUpload({
  name,
  defaultUrl,
  errors,
  onBusy,
}: {
  name: string;
  defaultUrl: string;
  errors?: string[];
  onBusy: (busy: boolean) => void;
}) {
  const id = useId();
  const [url, setUrl] = useState(defaultUrl);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  async function upload(file: File) {
    setError(null);
    if (!file.type.startsWith("image/")) return setError("Please select an image file");
    if (file.size > IMAGE_MAX_BYTES) return setError("Image should be less than 5MB");
    setUploading(true);
    onBusy(true);
    try {
      const body = new FormData();
      body.append("image", file);
      const response = await fetch("/admin-dashboard/upload-image", { method: "POST", body });
      const result = (await response.json().catch(() => ({}))) as { url?: string; error?: string };
      if (!response.ok || !result.url) setError(result.error ?? "Failed to upload image. Please try again.");
      else setUrl(result.url);
    } catch {
      setError("Failed to upload image. Please try again.");
    } finally {
      setUploading(false);
      onBusy(false);
    }
  }

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">Profile Image</legend>
      <input type="hidden" name={name} value={url} />
      <div className="flex items-center gap-4">
        {url ? (
          <img
            src={url}
            alt="Profile preview"
            width={80}
            height={80}
            className="size-20 rounded-full object-cover"
          />
        ) : (
          <div className="size-20 rounded-full bg-slate-200" aria-hidden="true" />
        )}
        <label
          htmlFor={id}
          className="inline-flex min-h-11 cursor-pointer items-center rounded-md border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
        >
          {uploading ? "Uploading..." : url ? "Change Image" : "Upload Image"}
          <input
            id={id}
            type="file"
            accept="image/*"
            className="sr-only"
            disabled={uploading}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = "";
              if (file) void upload(file);
            }}
          />
        </label>
        {url ? (
          <Button variant="ghost" onClick={() => setUrl("")}>
            Remove
          </Button>
        ) : null}
      </div>
      <p role={error ? "alert" : undefined} className="text-sm font-medium text-red-700">
        {error ?? errors?.[0] ?? ""}
      </p>
    </fieldset>
  );
}

function LinksEditor({
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
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 120, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
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
          onClick={() => onChange([...links, { key: newKey(), title: "", url: "", icon: "globe" }])}
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

function LinkRow({
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
          <select
            id={`${link.key}-icon`}
            name={`${base}.icon`}
            value={link.icon}
            onChange={(e) => onUpdate({ icon: e.currentTarget.value })}
            className={inputClass}
          >
            {LINK_ICONS.map((icon) => (
              <option key={icon} value={icon}>
                {LINK_ICON_LABELS[icon]}
              </option>
            ))}
          </select>
        </div>
        <div className="col-span-3 min-w-0 sm:col-span-1 sm:col-start-3 sm:row-start-1">
          <label htmlFor={`${link.key}-title`} className="sr-only">
            Title of link {index + 1}
          </label>
          <input
            id={`${link.key}-title`}
            name={`${base}.title`}
            value={link.title}
            placeholder="Title"
            onChange={(e) => onUpdate({ title: e.currentTarget.value })}
            aria-invalid={titleError ? true : undefined}
            aria-describedby={titleError ? `${link.key}-title-error` : undefined}
            className={inputClass}
          />
          <FieldError id={`${link.key}-title-error`} errors={titleError} />
        </div>
        <div className="col-span-3 min-w-0 sm:col-span-1 sm:col-start-4 sm:row-start-1">
          <label htmlFor={`${link.key}-url`} className="sr-only">
            URL of link {index + 1}
          </label>
          <input
            id={`${link.key}-url`}
            name={`${base}.url`}
            value={link.url}
            placeholder="https://"
            inputMode="url"
            onChange={(e) => onUpdate({ url: e.currentTarget.value })}
            aria-invalid={urlError ? true : undefined}
            aria-describedby={urlError ? `${link.key}-url-error` : undefined}
            className={inputClass}
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
