// The admin's shops: the list, a page at a time, with edit and delete, the form that adds one, and the one dialog
// that moves a card to a shop.
// A shop is edited in one shared dialog (`?shop=<id>`), not in a form repeated under every shop. Its icons are
// those of the Cards section's sprite, the one page it is shown on.
import { useEffect, useRef } from "react";
import { Link, useFetcher, useNavigate, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FieldError } from "~/components/ui/field";
import { SpriteIcon } from "~/components/ui/icon-sprite";
import { Input } from "~/components/ui/input";
import { Pager } from "~/components/ui/pager";
import { Select } from "~/components/ui/select";
import { confirmSubmit } from "./confirm-submit";

export type Shop = {
  id: string;
  name: string;
  location: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  cardCount: number;
};
const shopLabel = (shop: Pick<Shop, "name" | "location">) =>
  shop.location ? `${shop.name} - ${shop.location}` : shop.name;

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

export function ShopsPanel({
  shops,
  pages,
  pageLink,
  editedShop,
  editLink,
}: {
  /** One page of shops. */
  shops: Shop[];
  pages: { page: number; pages: number };
  pageLink: (page: number) => string;
  /** The shop whose edit dialog is open, named in the page's address. */
  editedShop: Shop | null;
  editLink: (id: string | null) => string;
}) {
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
          <ShopItem key={shop.id} shop={shop} editTo={editLink(shop.id)} />
        ))}
      </ul>
      <Pager
        label="Shops pagination"
        page={pages.page}
        pages={pages.pages}
        hasNext={pages.page < pages.pages}
        href={pageLink}
      />
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
      {editedShop ? <EditShopDialog shop={editedShop} closeTo={editLink(null)} /> : null}
    </section>
  );
}

function EditShopDialog({ shop, closeTo }: { shop: Shop; closeTo: string }) {
  const update = useFetcher<ShopFormResult>();
  const navigate = useNavigate();
  const close = () => navigate(closeTo, { preventScrollReset: true });
  useEffect(() => {
    if (update.state === "idle" && update.data && !update.data.result?.error)
      navigate(closeTo, { preventScrollReset: true });
  }, [update.state, update.data, navigate, closeTo]);
  return (
    <Dialog title={`Edit ${shop.name}`} closeTo={closeTo} onClose={close}>
      <update.Form method="post" action={closeTo} className="space-y-3">
        <input type="hidden" name="intent" value="update-shop" />
        <ShopFields shop={shop} errors={update.data?.result?.error} />
        <Button type="submit" disabled={update.state !== "idle"}>
          {update.state !== "idle" ? "Saving..." : "Save shop"}
        </Button>
      </update.Form>
    </Dialog>
  );
}

function ShopItem({ shop, editTo }: { shop: Shop; editTo: string }) {
  const remove = useFetcher();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-4">
      <p>
        <span className="font-semibold">{shopLabel(shop)}</span>
        <span className="text-sm text-slate-600"> · {shop.cardCount} cards</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <Link
          to={editTo}
          preventScrollReset
          className="inline-flex min-h-11 items-center gap-1 rounded-md px-3 text-sm font-semibold text-brand-700 hover:bg-slate-100"
          aria-label={`Edit shop ${shop.name}`}
        >
          <SpriteIcon name="pencil" className="size-4" /> Edit
        </Link>
        <remove.Form
          method="post"
          onSubmit={confirmSubmit(`Delete shop ${shop.name}? Its cards will become unallocated.`)}
        >
          <input type="hidden" name="intent" value="delete-shop" />
          <input type="hidden" name="id" value={shop.id} />
          <Button type="submit" variant="danger" aria-label={`Delete shop ${shop.name}`}>
            <SpriteIcon name="trash" className="size-4" /> Delete
          </Button>
        </remove.Form>
      </div>
    </li>
  );
}

/** The one 'move to shop' control: a dialog for the card named in `?move=`, with every shop once. */
export function MoveToShopDialog({
  card,
  shops,
  closeTo,
}: {
  card: { id: string; cardNumber: string; shopId: string | null };
  shops: Shop[];
  closeTo: string;
}) {
  const fetcher = useFetcher<{ ok?: boolean }>();
  const navigate = useNavigate();
  const close = () => navigate(closeTo, { preventScrollReset: true });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) navigate(closeTo, { preventScrollReset: true });
  }, [fetcher.state, fetcher.data, navigate, closeTo]);
  return (
    <Dialog title={`Move card ${card.cardNumber} to a shop`} closeTo={closeTo} onClose={close}>
      <fetcher.Form method="post" action={closeTo} className="space-y-4">
        <input type="hidden" name="intent" value="allocate" />
        <input type="hidden" name="id" value={card.id} />
        <div className="space-y-1">
          <label htmlFor="move-shop" className="block text-sm font-medium">
            Shop for card {card.cardNumber}
          </label>
          <Select id="move-shop" name="shopId" defaultValue={card.shopId ?? ""} className="w-full">
            <option value="">No shop (unassigned)</option>
            {shops.map((s) => (
              <option key={s.id} value={s.id}>
                {shopLabel(s)}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? "Saving..." : "Move card"}
        </Button>
      </fetcher.Form>
    </Dialog>
  );
}
