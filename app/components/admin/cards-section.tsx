// The admin Cards section: searchable, paginated card pages with their actions, shops and the create-client dialog.
// Moving a card to a shop goes through one shared dialog (`?move=<card id>`), so a page of rows does not carry a
// list of every shop in every row: the page grows with its rows only.
import { Download, ExternalLink, Pencil, Plus, QrCode, Search, Store, Trash2 } from "lucide-react";
import { Form, Link, useFetcher } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { IconSprite, SpriteIcon } from "~/components/ui/icon-sprite";
import { Input } from "~/components/ui/input";
import { CursorPager } from "~/components/ui/pager";
import type { AdminOneLinkCard } from "~/server/cards/one-link-cards.server";
import { confirmSubmit } from "./confirm-submit";
import { CreateClientDialog } from "./create-client-dialog";
import { MoveToShopDialog, type Shop, ShopsPanel } from "./shops-panel";

type CardRow = {
  id: string;
  cardNumber: string;
  name: string;
  businessName: string | null;
  slug: string;
  isSold: boolean;
  paused: boolean;
  shopId: string | null;
  shopName: string | null;
  linkCount: number;
  views: number;
  clicks: number;
};
export type CardsSectionData = {
  cards: CardRow[];
  paged: boolean;
  previous: string | null;
  next: string | null;
  q: string;
  /** One page of shops, newest first. */
  shops: Shop[];
  shopPages: { page: number; pages: number };
  /** The shop in the edit dialog (`?shop=`), and every shop when a card is being moved (`?move=`). */
  editedShop: Shop | null;
  allShops: Shop[] | null;
  oneLinkCards: AdminOneLinkCard[];
  publicUrl: string;
};

/** The icons of every row of cards and of shops, drawn once for the page. */
const ROW_ICONS = {
  store: Store,
  "external-link": ExternalLink,
  pencil: Pencil,
  download: Download,
  "qr-code": QrCode,
  trash: Trash2,
};

const iconButton =
  "inline-flex size-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100";

/** This page's address with one query parameter set or removed, keeping the search and the page of rows. */
function withParam(search: string, name: string, value: string | null) {
  const params = new URLSearchParams(search);
  params.delete("move");
  params.delete("shop");
  params.delete(name);
  if (value) params.set(name, value);
  const query = params.toString();
  return `/admin-dashboard/cards${query ? `?${query}` : ""}`;
}

export function CardsSection({ data, search }: { data: CardsSectionData; search: string }) {
  const pageLink = (cursor: { after: string } | { before: string } | null) =>
    `/admin-dashboard/cards?${new URLSearchParams({ ...(data.q ? { q: data.q } : {}), ...cursor })}`;
  const moving = new URLSearchParams(search).get("move");
  const movingCard = moving ? data.cards.find((c) => c.id === moving) : undefined;
  const editLink = (param: "move" | "shop", id: string | null) => withParam(search, param, id);
  return (
    <div className="space-y-10">
      <IconSprite icons={ROW_ICONS} />
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
              <CardRowItem key={card.id} card={card} moveTo={editLink("move", card.id)} />
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
      <OneLinkCardsTable cards={data.oneLinkCards} q={data.q} />
      <ShopsPanel
        shops={data.shops}
        pages={data.shopPages}
        pageLink={(page) => withParam(search, "shops", page > 1 ? String(page) : null)}
        editedShop={data.editedShop}
        editLink={(id) => editLink("shop", id)}
      />
      {movingCard && data.allShops ? (
        <MoveToShopDialog card={movingCard} shops={data.allShops} closeTo={editLink("move", null)} />
      ) : null}
    </div>
  );
}

function CardRowItem({ card, moveTo }: { card: CardRow; moveTo: string }) {
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
          {card.paused ? (
            <>
              {" "}
              · <span className="font-semibold text-amber-800">Paused</span>
            </>
          ) : null}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-1">
        <Link to={moveTo} preventScrollReset className={iconButton} aria-label={`Move ${label} to a shop`}>
          <SpriteIcon name="store" className="size-4" />
        </Link>
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
          <SpriteIcon name="external-link" className="size-4" />
        </a>
        <Link to={`/admin-dashboard/edit/${card.id}`} className={iconButton} aria-label={`Edit ${label}`}>
          <SpriteIcon name="pencil" className="size-4" />
        </Link>
        <a
          href={`/card/${card.slug}/contact.vcf`}
          download
          className={iconButton}
          aria-label={`Download vCard of ${label}`}
        >
          <SpriteIcon name="download" className="size-4" />
        </a>
        <a
          href={`/card/${card.slug}/qr.svg`}
          download={`${card.slug}-qr.svg`}
          className={iconButton}
          aria-label={`QR code of ${label}`}
        >
          <SpriteIcon name="qr-code" className="size-4" />
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
            <SpriteIcon name="trash" className="size-4" />
          </button>
        </fetcher.Form>
      </div>
    </li>
  );
}

/** One Link cards have no page: their number, the link on the chip, their order and where they are on their way. */
function OneLinkCardsTable({ cards, q }: { cards: AdminOneLinkCard[]; q: string }) {
  return (
    <section aria-labelledby="one-link-cards-heading" className="space-y-3">
      <h2 id="one-link-cards-heading" className="text-xl font-bold">
        One Link cards
      </h2>
      <p className="text-sm text-slate-600">
        No page: the link is written on the card and is permanent, and its taps are not counted. The newest
        100
        {q ? ` whose card or order number starts with "${q}"` : ""}.
      </p>
      {cards.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-slate-600">
          {q ? `No One Link cards match "${q}".` : "No One Link cards yet."}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th className="px-3 py-2">Card</th>
                <th className="px-3 py-2">Link</th>
                <th className="px-3 py-2">Order</th>
                <th className="px-3 py-2">State</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {cards.map((card) => (
                <tr key={card.id}>
                  <td className="px-3 py-2 font-semibold">{card.cardNumber}</td>
                  <td className="break-all px-3 py-2">{card.url}</td>
                  <td className="px-3 py-2">
                    <Link
                      className="text-brand-700 underline"
                      to={`/admin-dashboard/orders?order=${card.orderId}`}
                    >
                      {card.orderNumber}
                    </Link>
                  </td>
                  <td className="px-3 py-2">{card.state}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
