// The admin Cards tab: searchable, paginated card pages with their actions, shops and the create-client dialog.
import { Download, ExternalLink, Pencil, Plus, QrCode, Search, Trash2 } from "lucide-react";
import { Form, Link, useFetcher } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { CursorPager } from "~/components/ui/pager";
import { Select } from "~/components/ui/select";
import { confirmSubmit } from "./confirm-submit";
import { CreateClientDialog } from "./create-client-dialog";
import { type Shop, ShopsPanel } from "./shops-panel";

type CardRow = {
  id: string;
  cardNumber: string;
  name: string;
  businessName: string | null;
  slug: string;
  isSold: boolean;
  shopId: string | null;
  shopName: string | null;
  linkCount: number;
  views: number;
  clicks: number;
};
export type CardsTabData = {
  cards: CardRow[];
  paged: boolean;
  previous: string | null;
  next: string | null;
  q: string;
  shops: Shop[];
  publicUrl: string;
};

const iconButton =
  "inline-flex size-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100";

export function CardsTab({ data }: { data: CardsTabData }) {
  const pageLink = (cursor: { after: string } | { before: string } | null) =>
    `/admin-dashboard/cards?${new URLSearchParams({ ...(data.q ? { q: data.q } : {}), ...cursor })}`;
  return (
    <div className="space-y-10">
      <section aria-labelledby="cards-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="cards-heading" className="text-xl font-bold">
            Card pages
          </h2>
          <div className="flex flex-wrap gap-2">
            <CreateClientDialog />
            <ButtonLink to="/admin-dashboard/create">
              <Plus className="size-4" aria-hidden="true" /> Create New Card Page
            </ButtonLink>
          </div>
        </div>
        <Form method="get" role="search" className="flex max-w-lg gap-2">
          <label htmlFor="card-search" className="sr-only">
            Search by number, name, slug or shop
          </label>
          <Input
            id="card-search"
            name="q"
            type="search"
            defaultValue={data.q}
            placeholder="Search by number, name, slug or shop"
            variant="toolbar"
            className="flex-1"
          />
          <Button type="submit" variant="secondary">
            <Search className="size-4" aria-hidden="true" /> Search
          </Button>
        </Form>
        {data.cards.length === 0 ? (
          <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-slate-600">
            {data.q ? `No card pages match "${data.q}".` : "No card pages yet."}
          </p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {data.cards.map((card) => (
              <CardRowItem key={card.id} card={card} shops={data.shops} />
            ))}
          </ul>
        )}
        <CursorPager
          label="Card pages pagination"
          paged={data.paged}
          previous={data.previous}
          next={data.next}
          href={pageLink}
        />
      </section>
      <ShopsPanel shops={data.shops} />
    </div>
  );
}

function CardRowItem({ card, shops }: { card: CardRow; shops: Shop[] }) {
  const fetcher = useFetcher();
  const label = `card ${card.cardNumber}`;
  return (
    <li className="flex flex-col gap-3 p-4 lg:flex-row lg:items-center lg:justify-between">
      <div className="min-w-0">
        <p className="font-semibold">
          {card.cardNumber} · {card.name}
          {card.businessName ? (
            <span className="font-normal text-slate-600"> · {card.businessName}</span>
          ) : null}
        </p>
        <p className="text-sm text-slate-600">
          /{card.slug} · {card.linkCount} links · {card.views} views · {card.clicks} clicks ·{" "}
          {card.shopName ? `Shop: ${card.shopName}` : "Unallocated"} ·{" "}
          <span className={card.isSold ? "font-semibold text-green-700" : ""}>
            {card.isSold ? "Sold" : "Not sold"}
          </span>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-1">
        <fetcher.Form method="post" className="flex items-center gap-1">
          <input type="hidden" name="intent" value="allocate" />
          <input type="hidden" name="id" value={card.id} />
          <label htmlFor={`shop-${card.id}`} className="sr-only">
            Shop for {label}
          </label>
          <Select
            id={`shop-${card.id}`}
            name="shopId"
            defaultValue={card.shopId ?? ""}
            variant="compact"
            onChange={(e) => fetcher.submit(e.currentTarget.form)}
          >
            <option value="">No shop (unassigned)</option>
            {shops.map((s) => (
              <option key={s.id} value={s.id}>
                {s.location ? `${s.name} - ${s.location}` : s.name}
              </option>
            ))}
          </Select>
          <noscript>
            <Button type="submit" variant="secondary">
              Allocate
            </Button>
          </noscript>
        </fetcher.Form>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="set-sold" />
          <input type="hidden" name="id" value={card.id} />
          <input type="hidden" name="sold" value={card.isSold ? "false" : "true"} />
          <Button type="submit" variant="secondary" aria-pressed={card.isSold} aria-label={`Sold: ${label}`}>
            {card.isSold ? "Sold" : "Mark sold"}
          </Button>
        </fetcher.Form>
        <a
          href={`/${card.slug}`}
          target="_blank"
          rel="noopener"
          className={iconButton}
          aria-label={`View ${label}`}
        >
          <ExternalLink className="size-4" aria-hidden="true" />
        </a>
        <Link to={`/admin-dashboard/edit/${card.id}`} className={iconButton} aria-label={`Edit ${label}`}>
          <Pencil className="size-4" aria-hidden="true" />
        </Link>
        <a
          href={`/card/${card.slug}/contact.vcf`}
          download
          className={iconButton}
          aria-label={`Download vCard of ${label}`}
        >
          <Download className="size-4" aria-hidden="true" />
        </a>
        <a
          href={`/card/${card.slug}/qr.svg`}
          download={`${card.slug}-qr.svg`}
          className={iconButton}
          aria-label={`QR code of ${label}`}
        >
          <QrCode className="size-4" aria-hidden="true" />
        </a>
        <fetcher.Form
          method="post"
          onSubmit={confirmSubmit(`Delete card ${card.cardNumber} (${card.name})? This cannot be undone.`)}
        >
          <input type="hidden" name="intent" value="delete-card" />
          <input type="hidden" name="id" value={card.id} />
          <button
            type="submit"
            className={`${iconButton} text-red-700 hover:bg-red-50`}
            aria-label={`Delete ${label}`}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        </fetcher.Form>
      </div>
    </li>
  );
}
