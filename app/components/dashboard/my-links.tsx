// The dashboard's My Links section: the tabs and each card's links with their clicks; the forms that put a
// link change (add, change, remove) in the cart are in link-change-forms.tsx. Everything works without JavaScript.
import { ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { ButtonLink } from "~/components/ui/button";
import { IconSprite, SpriteIcon } from "~/components/ui/icon-sprite";
import { Pager } from "~/components/ui/pager";
import { MY_LINKS_TABS, type MyLinksTab, tabHref } from "~/schemas/my-links-tabs";
import type { MyCardLinks, MyLink } from "~/server/cards/my-links.server";
import type { CardIconSvg } from "~/utils/card-icons";
import { cn } from "~/utils/cn";
import type { SubmissionResult } from "~/utils/form";
import { EditLinkForm, RemoveLinkForm } from "./link-change-forms";

type Result = SubmissionResult<string[]> | undefined;

const EMPTY_TAB: Record<MyLinksTab, string> = {
  all: "No links added yet",
  social: "No social links added yet",
  payment: "No payment links added yet",
  other: "No other links added yet",
};

export function LinkTabs({ tab, counts }: { tab: MyLinksTab; counts: Record<MyLinksTab, number> }) {
  return (
    <nav aria-label="Link types" className="mb-6">
      {/* On a phone the tabs wrap onto more rows rather than hide past the screen's edge. */}
      <ul className="flex flex-wrap gap-x-1 border-b border-slate-200">
        {MY_LINKS_TABS.map((t) => (
          <li key={t.value}>
            <Link
              to={tabHref(t.value)}
              aria-current={t.value === tab ? "page" : undefined}
              className={cn(
                "-mb-px inline-flex min-h-11 items-center gap-2 whitespace-nowrap border-b-2 px-4 text-sm font-semibold",
                t.value === tab
                  ? "border-brand-600 text-brand-700"
                  : "border-transparent text-slate-600 hover:text-slate-900",
              )}
            >
              {t.label}
              <span className="rounded-full bg-slate-100 px-2 text-xs text-slate-700">{counts[t.value]}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The icons of the shown links, each drawn once (from utils/card-icons.ts, generated from lucide and
 * simple-icons, picked by the loader; never from input); every row refers to its own with <use>.
 */
function LinkIconSprite({ icons }: { icons: Record<string, CardIconSvg> }) {
  return (
    <IconSprite icons={{ "external-link": ExternalLink }}>
      {Object.entries(icons).map(([name, svg]) => (
        <symbol key={name} id={`link-icon-${name}`} viewBox="0 0 24 24">
          <g
            {...(svg.kind === "fill"
              ? { fill: "currentColor" }
              : {
                  fill: "none",
                  stroke: "currentColor",
                  strokeWidth: 2,
                  strokeLinecap: "round" as const,
                  strokeLinejoin: "round" as const,
                })}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: constant icon paths
            dangerouslySetInnerHTML={{ __html: svg.body }}
          />
        </symbol>
      ))}
    </IconSprite>
  );
}

/** A link's icon from the page's sprite. */
function LinkIcon({ name }: { name: string }) {
  return (
    <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" className="shrink-0 text-brand-700">
      <use href={`#link-icon-${name}`} />
    </svg>
  );
}

export function CardLinksList({
  cards,
  several,
  page,
  pages,
  icons,
  tab,
  editing,
  removing,
  price,
  result,
}: {
  /** The cards of this page, with the links of the tab. */
  cards: MyCardLinks[];
  /** Whether the account has more than one card (each then gets its heading). */
  several: boolean;
  page: number;
  pages: number;
  /** Each shown link's icon by name (the loader's `icons`). */
  icons: Record<string, CardIconSvg>;
  tab: MyLinksTab;
  editing: string | null;
  removing: string | null;
  price: string;
  result: { form: string; result: Result } | undefined;
}) {
  const emptyTab = (
    <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
      <p className="font-semibold text-slate-800">{EMPTY_TAB[tab]}</p>
    </div>
  );
  if (several && !cards.some((c) => c.links.length > 0)) return emptyTab;
  return (
    <div className="space-y-8">
      <LinkIconSprite icons={icons} />
      {cards.map((card) => (
        <section key={card.id} aria-label={several ? undefined : `Links of card ${card.cardNumber}`}>
          <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
            {several ? (
              <h2 className="text-lg font-bold text-slate-900">
                {card.name} <span className="font-normal text-slate-600">· Card {card.cardNumber}</span>
              </h2>
            ) : (
              <p className="text-sm text-slate-600">Card {card.cardNumber}</p>
            )}
            <a
              href={`/${card.slug}`}
              target="_blank"
              rel="noopener"
              className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 underline"
            >
              View public page
              <span className="sr-only"> of card {card.cardNumber} (opens in a new tab)</span>
              <SpriteIcon name="external-link" className="h-3.5 w-3.5" />
            </a>
          </div>
          {card.links.length === 0 ? (
            several ? (
              <p className="text-slate-600">No links on this card yet.</p>
            ) : (
              emptyTab
            )
          ) : (
            <ul className="space-y-3">
              {card.links.map((link) => (
                <LinkRow
                  key={link.id}
                  link={link}
                  tab={tab}
                  page={page}
                  price={price}
                  editing={editing === link.id}
                  removing={removing === link.id}
                  result={result}
                />
              ))}
            </ul>
          )}
        </section>
      ))}
      <Pager
        label="Pages of cards"
        page={page}
        pages={pages}
        hasNext={page < pages}
        href={(p) => tabHref(tab, {}, p)}
      />
    </div>
  );
}

function LinkRow({
  link,
  tab,
  page,
  price,
  editing,
  removing,
  result,
}: {
  link: MyLink;
  tab: MyLinksTab;
  page: number;
  price: string;
  editing: boolean;
  removing: boolean;
  result: { form: string; result: Result } | undefined;
}) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start gap-3">
        <LinkIcon name={link.icon} />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold text-slate-900">{link.title}</h3>
          <a
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex max-w-full items-center gap-1 break-all text-sm text-brand-700 underline"
          >
            {link.url}
            <SpriteIcon name="external-link" className="h-3.5 w-3.5 shrink-0" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
          <p className="mt-1 text-sm text-slate-700">
            Clicks: <strong>{link.clicks30Days}</strong> in the last 30 days,{" "}
            <strong>{link.clicksAllTime}</strong> all time
          </p>
        </div>
        {/* On a phone the actions go under the link, so the address keeps the card's width. */}
        {link.setBy ? (
          <p className="w-full pl-9 text-sm text-slate-600 sm:w-auto sm:pl-0">Set by {link.setBy}</p>
        ) : (
          <div className="flex w-full gap-2 pl-9 sm:w-auto sm:pl-0">
            <ButtonLink
              variant="secondary"
              to={tabHref(tab, { edit: link.id })}
              aria-label={`Edit ${link.title}`}
              preventScrollReset
            >
              Edit
            </ButtonLink>
            <ButtonLink
              variant="secondary"
              to={tabHref(tab, { remove: link.id })}
              aria-label={`Remove ${link.title}`}
              preventScrollReset
            >
              Remove
            </ButtonLink>
          </div>
        )}
      </div>
      {editing ? (
        <EditLinkForm
          link={link}
          tab={tab}
          page={page}
          price={price}
          lastResult={result?.form === "edit" ? result.result : undefined}
        />
      ) : null}
      {removing ? (
        <RemoveLinkForm
          link={link}
          tab={tab}
          page={page}
          price={price}
          lastResult={result?.form === "remove" ? result.result : undefined}
        />
      ) : null}
    </li>
  );
}
