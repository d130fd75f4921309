// The admin's shops: the list with edit and delete, and the form that adds one. Cards are allocated to shops.
import { Trash2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { confirmSubmit } from "./confirm-submit";

export type Shop = {
  id: string;
  name: string;
  location: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  cardCount: number;
};
type ShopFormResult = { intent?: string; result?: { error?: Record<string, string[] | null> } };

function ShopFields({ shop, errors }: { shop?: Shop; errors?: Record<string, string[] | null> }) {
  const p = shop?.id ?? "new";
  const field = (name: keyof Shop & string, label: string, type = "text") => (
    <div className="space-y-1">
      <label htmlFor={`${p}-${name}`} className="block text-sm font-medium">
        {label}
      </label>
      <Input
        id={`${p}-${name}`}
        name={name}
        type={type}
        required={name === "name"}
        defaultValue={(shop?.[name] as string | null) ?? ""}
        aria-invalid={errors?.[name] ? true : undefined}
        variant="toolbar"
        className="w-full"
      />
      <FieldError errors={errors?.[name] ?? undefined} />
    </div>
  );
  return (
    <div className="grid gap-3 sm:grid-cols-4">
      {shop ? <input type="hidden" name="id" value={shop.id} /> : null}
      {field("name", "Shop name")}
      {field("location", "Location")}
      {field("contactEmail", "Contact email", "email")}
      {field("contactPhone", "Contact phone", "tel")}
    </div>
  );
}

export function ShopsPanel({ shops }: { shops: Shop[] }) {
  const create = useFetcher<ShopFormResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  useEffect(() => {
    if (create.state === "idle" && create.data && !create.data.result?.error) formRef.current?.reset();
  }, [create.state, create.data]);
  return (
    <section aria-labelledby="shops-heading" className="space-y-4">
      <h2 id="shops-heading" className="text-xl font-bold">
        Shops
      </h2>
      {shops.length === 0 ? <p className="text-slate-600">No shops yet.</p> : null}
      <ul className="space-y-3">
        {shops.map((shop) => (
          <ShopItem key={shop.id} shop={shop} />
        ))}
      </ul>
      <create.Form
        ref={formRef}
        method="post"
        aria-labelledby="add-shop-heading"
        className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      >
        <h3 id="add-shop-heading" className="font-semibold">
          Add a shop
        </h3>
        <input type="hidden" name="intent" value="create-shop" />
        <ShopFields errors={create.data?.intent === "create-shop" ? create.data.result?.error : undefined} />
        <Button type="submit" disabled={create.state !== "idle" || navigation.state !== "idle"}>
          {create.state !== "idle" ? "Saving..." : "Create shop"}
        </Button>
      </create.Form>
    </section>
  );
}

function ShopItem({ shop }: { shop: Shop }) {
  const update = useFetcher<ShopFormResult>();
  const remove = useFetcher();
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p>
          <span className="font-semibold">
            {shop.location ? `${shop.name} - ${shop.location}` : shop.name}
          </span>
          <span className="text-sm text-slate-600"> · {shop.cardCount} cards</span>
        </p>
        <remove.Form
          method="post"
          onSubmit={confirmSubmit(`Delete shop ${shop.name}? Its cards will become unallocated.`)}
        >
          <input type="hidden" name="intent" value="delete-shop" />
          <input type="hidden" name="id" value={shop.id} />
          <Button type="submit" variant="danger" aria-label={`Delete shop ${shop.name}`}>
            <Trash2 className="size-4" aria-hidden="true" /> Delete
          </Button>
        </remove.Form>
      </div>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-semibold text-brand-700">Edit {shop.name}</summary>
        <update.Form method="post" className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="update-shop" />
          <ShopFields shop={shop} errors={update.data?.result?.error} />
          <Button type="submit" disabled={update.state !== "idle"}>
            {update.state !== "idle" ? "Saving..." : "Save shop"}
          </Button>
        </update.Form>
      </details>
    </li>
  );
}
