// My Cards' Scan activity section: views by source over the range chosen (7, 30, 90 or 365 days; per day, per
// week for 90 days, per month for 365, so a year is a dozen bars and table rows rather than 365), the clicks of
// each link over the same range, and the range's daily figures as a CSV download.
// Rendered only on the server (the Cards route draws it to HTML): it has no behaviour, so the browser gets its
// HTML and not its code. The range choice is plain links, so it works without JavaScript.

import { Download } from "lucide-react";
import { formatDay, formatMonth } from "~/components/charts/bar-chart";
import { VIEW_SOURCE_SERIES, ViewsPerDayChart } from "~/components/charts/view-sources";
import { ScrollRegion } from "~/components/ui/scroll-region";
import type { LinkClicks } from "~/server/cards/card-stats.server";
import { addDays, type DayBucket } from "~/utils/dates";
import type { ChartPoint } from "~/utils/series";
import { cardActionLinkClass } from "./my-cards";

export interface ScanActivityProps {
  range: number;
  bucket: DayBucket;
  points: ChartPoint<"nfc" | "qr" | "link">[];
  /** The chart's buckets: each one's first (its key) and last day. */
  spans: { first: string; last: string }[];
  links: LinkClicks[];
  of: string;
  ranges: { days: number; href: string; current: boolean }[];
  csvHref: string;
}

const BUCKET_WORDS: Record<DayBucket, { per: string; column: string }> = {
  day: { per: "day", column: "Day" },
  week: { per: "week", column: "Week" },
  month: { per: "month", column: "Month" },
};

/** '3 Mar – 9 Mar 2025', or with both years when the span crosses one. */
function spanText(first: string, last: string) {
  const a = formatDay(first);
  const b = formatDay(last);
  if (first === last) return a.full;
  return `${first.slice(0, 4) === last.slice(0, 4) ? a.short : a.full} – ${b.full}`;
}

/** A bucket's labels: whole weeks and months by name, those cut by the range's ends by their days. */
function bucketLabels(bucket: DayBucket, spans: ScanActivityProps["spans"]) {
  const labels = new Map<string, { full: string; short: string }>();
  for (const { first, last } of spans) {
    if (bucket === "day") labels.set(first, formatDay(first));
    else if (bucket === "week") {
      const whole = addDays(first, 6) === last;
      labels.set(first, {
        full: whole ? `Week of ${formatDay(first).full}` : spanText(first, last),
        short: formatDay(first).short,
      });
    } else {
      const month = formatMonth(first.slice(0, 7));
      const whole = first.endsWith("-01") && addDays(last, 1).endsWith("-01");
      labels.set(first, { full: whole ? month.full : spanText(first, last), short: month.short });
    }
  }
  return (key: string) => labels.get(key) ?? formatDay(key);
}

export function ScanActivity({
  range,
  bucket,
  points,
  spans,
  links,
  of,
  ranges,
  csvHref,
}: ScanActivityProps) {
  const words = BUCKET_WORDS[bucket];
  const first = spans[0]?.first;
  const last = spans.at(-1)?.last;
  const period = first && last ? `from ${formatDay(first).full} to ${formatDay(last).full}` : undefined;
  const severalCards = new Set(links.map((l) => l.cardNumber)).size > 1;
  const linksTitle = `Link clicks, last ${range} days (${of})`;
  return (
    <section id="scan-activity" aria-labelledby="scan-activity-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="scan-activity-heading" className="text-lg font-bold text-slate-900">
          Scan activity
        </h2>
        <a href={csvHref} download className={cardActionLinkClass}>
          <Download aria-hidden className="size-4" /> Export CSV
        </a>
      </div>
      <nav aria-label="Scan activity range">
        <ul className="flex flex-wrap gap-1">
          {ranges.map((r) => (
            <li key={r.days}>
              <a
                href={r.href}
                aria-current={r.current ? "true" : undefined}
                className={
                  r.current
                    ? "inline-flex min-h-11 items-center rounded-md border border-brand-600 bg-brand-50 px-2.5 text-sm font-semibold text-brand-700"
                    : "inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-50"
                }
              >
                {r.days} days
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <p className="text-sm text-slate-600">
        Visits to {of} each {words.per}, by how the visitor arrived: a tap on the NFC card, a scan of the QR
        code, or the page's link shared anywhere else. Crawlers and link previews are not counted. Export CSV
        gives the range's views and link clicks per day, card and source.
      </p>
      <ViewsPerDayChart
        title={`Views per ${words.per}, last ${range} days (${of})`}
        points={points}
        categoryLabel={words.column}
        formatCategory={bucketLabels(bucket, spans)}
        period={period}
      />
      <LinkClicksTable title={linksTitle} links={links} of={of} severalCards={severalCards} />
    </section>
  );
}

function LinkClicksTable({
  title,
  links,
  of,
  severalCards,
}: {
  title: string;
  links: LinkClicks[];
  of: string;
  severalCards: boolean;
}) {
  const cell = "px-2 py-1.5 text-right tabular-nums sm:px-3";
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {links.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No links on {of} yet.</p>
      ) : (
        <ScrollRegion label={title} className="mt-3">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="px-2 py-2 sm:px-3">
                  Link title
                </th>
                {severalCards ? (
                  <th scope="col" className="px-2 py-2 sm:px-3">
                    Card
                  </th>
                ) : null}
                {VIEW_SOURCE_SERIES.map((s) => (
                  <th key={s.key} scope="col" className="px-2 py-2 text-right sm:px-3">
                    {s.label}
                  </th>
                ))}
                <th scope="col" className="px-2 py-2 text-right sm:px-3">
                  Total
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {links.map((l) => (
                <tr key={l.linkId}>
                  <th scope="row" className="max-w-48 break-words px-2 py-1.5 font-normal sm:px-3">
                    {l.title}
                  </th>
                  {severalCards ? (
                    <td className="whitespace-nowrap px-2 py-1.5 sm:px-3">{l.cardNumber}</td>
                  ) : null}
                  {VIEW_SOURCE_SERIES.map((s) => (
                    <td key={s.key} className={cell}>
                      {l.clicks[s.key].toLocaleString("en-GB")}
                    </td>
                  ))}
                  <td className={cell}>{l.total.toLocaleString("en-GB")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </div>
  );
}
