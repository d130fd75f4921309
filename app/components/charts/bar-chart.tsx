// A bar chart drawn as SVG on the server (no chart library, no JavaScript): one bar per day or month, stacked
// by series. The figure has a text summary for assistive technology and the same numbers as a table that opens
// under the chart. Labels are HTML beside the SVG, so they stay readable however narrow the screen.
import { useId } from "react";
import { cn } from "~/utils/cn";
import type { ChartPoint } from "~/utils/series";
import { labelIndices, niceScale, pointTotal } from "./series";

export interface ChartSeries<K extends string> {
  key: K;
  label: string;
  /** Tailwind classes: the bar's fill and the legend swatch's background, in the same colour. */
  fill: string;
  swatch: string;
}

export interface BarChartProps<K extends string> {
  /** The chart's name, shown as its caption and used as its accessible name. */
  title: string;
  series: readonly ChartSeries<K>[];
  points: readonly ChartPoint<K>[];
  /** The first column's heading in the table: 'Day', 'Month'. */
  categoryLabel: string;
  /** A category's full name (table, tooltips) and its short name under the axis. */
  formatCategory: (key: string) => { full: string; short: string };
  formatValue?: (value: number) => string;
  /** The smallest step between y-axis ticks: 1 for counts, 100 for pence. */
  minStep?: number;
  /** What the counted things are called in the summary, for one and for any other number. */
  unit?: { one: string; other: string };
  /** The period in the summary ('from 3 Mar 2025 to 9 Mar 2025'), when the first and last labels do not say it. */
  period?: string;
}

const BAR_SLOT = 10;
const BAR_WIDTH = 7;
const HEIGHT = 100;

export function BarChart<K extends string>({
  title,
  series,
  points,
  categoryLabel,
  formatCategory,
  formatValue = (v) => v.toLocaleString("en-GB"),
  minStep = 1,
  unit,
  period,
}: BarChartProps<K>) {
  const id = useId();
  const keys = series.map((s) => s.key);
  const totals = points.map((p) => pointTotal(p, keys));
  const max = Math.max(0, ...totals);
  const { top, ticks } = niceScale(max, { minStep });
  const grand = totals.reduce((a, b) => a + b, 0);
  const peak = totals.indexOf(max);
  const width = Math.max(1, points.length) * BAR_SLOT;
  // Six labels where there is room, three on a phone (a subset of the six, so none moves).
  const labelled = new Set(labelIndices(points.length, 6));
  const labelledNarrow = new Set(labelIndices(points.length, 3));
  const y = (v: number) => HEIGHT - (v / top) * HEIGHT;
  const first = points[0] ? formatCategory(points[0].key).full : "";
  const last = points.at(-1) ? formatCategory(points.at(-1)!.key).full : "";
  const withUnit = (v: number) => `${formatValue(v)}${unit ? ` ${v === 1 ? unit.one : unit.other}` : ""}`;
  const span = period ?? `from ${first} to ${last}`;
  const summary =
    grand === 0
      ? `Nothing recorded ${span}.`
      : `${withUnit(grand)} in total ${span}; highest: ${withUnit(max)} (${formatCategory(points[peak]!.key).full}).`;

  return (
    <figure aria-labelledby={`${id}-caption`} className="rounded-xl border border-slate-200 bg-white p-4">
      <figcaption id={`${id}-caption`} className="font-semibold text-slate-900">
        {title}
      </figcaption>
      <p className="mt-1 text-sm text-slate-600">{summary}</p>
      {series.length > 1 ? (
        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700" aria-label="Legend">
          {series.map((s) => (
            <li key={s.key} className="inline-flex items-center gap-2">
              <span aria-hidden className={cn("inline-block h-3 w-3 rounded-sm", s.swatch)} />
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-3 flex gap-2">
        <div aria-hidden className="relative h-40 w-14 shrink-0 text-right text-xs text-slate-600">
          {ticks.map((t) => (
            <span
              key={t}
              className="absolute right-0 translate-y-1/2 whitespace-nowrap"
              style={{ bottom: `${(t / top) * 100}%` }}
            >
              {formatValue(t)}
            </span>
          ))}
        </div>
        <div className="min-w-0 flex-1">
          <svg
            viewBox={`0 0 ${width} ${HEIGHT}`}
            preserveAspectRatio="none"
            className="block h-40 w-full overflow-visible"
            role="img"
            aria-labelledby={`${id}-title ${id}-desc`}
          >
            <title id={`${id}-title`}>{title}</title>
            <desc id={`${id}-desc`}>{summary}</desc>
            {ticks.map((t) => (
              <line
                key={t}
                x1={0}
                x2={width}
                y1={y(t)}
                y2={y(t)}
                className="stroke-slate-200"
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {points.map((p, i) => {
              let base = 0;
              const x = i * BAR_SLOT + (BAR_SLOT - BAR_WIDTH) / 2;
              return (
                <g key={p.key}>
                  <title>
                    {`${formatCategory(p.key).full}: ${series.map((s) => `${s.label} ${formatValue(p.values[s.key])}`).join(", ")}`}
                  </title>
                  {series.map((s) => {
                    const v = p.values[s.key];
                    if (v <= 0) return null;
                    const rect = (
                      <rect
                        key={s.key}
                        x={x}
                        width={BAR_WIDTH}
                        y={y(base + v)}
                        height={y(base) - y(base + v)}
                        className={s.fill}
                      />
                    );
                    base += v;
                    return rect;
                  })}
                </g>
              );
            })}
          </svg>
          <div aria-hidden className="relative mt-1 h-5 text-xs text-slate-600">
            {points.map((p, i) =>
              labelled.has(i) ? (
                <span
                  key={p.key}
                  className={cn(
                    "absolute whitespace-nowrap",
                    // The last label ends at the chart's edge instead of running past it.
                    i === points.length - 1 ? "" : "-translate-x-1/2",
                    labelledNarrow.has(i) ? "" : "hidden sm:inline",
                  )}
                  style={
                    i === points.length - 1 ? { right: 0 } : { left: `${((i + 0.5) / points.length) * 100}%` }
                  }
                >
                  {formatCategory(p.key).short}
                </span>
              ) : null,
            )}
          </div>
        </div>
      </div>
      <details className="mt-3 text-sm">
        <summary className="min-h-11 cursor-pointer py-2 font-medium text-brand-700">
          Show the numbers as a table
        </summary>
        <table className="w-full text-left">
          <caption className="sr-only">{title}</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="px-3 py-2">
                {categoryLabel}
              </th>
              {series.map((s) => (
                <th key={s.key} scope="col" className="px-3 py-2 text-right">
                  {s.label}
                </th>
              ))}
              {series.length > 1 ? (
                <th scope="col" className="px-3 py-2 text-right">
                  Total
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {points.map((p, i) => (
              <tr key={p.key}>
                <th scope="row" className="px-3 py-1.5 font-normal">
                  {formatCategory(p.key).full}
                </th>
                {series.map((s) => (
                  <td key={s.key} className="px-3 py-1.5 text-right tabular-nums">
                    {formatValue(p.values[s.key])}
                  </td>
                ))}
                {series.length > 1 ? (
                  <td className="px-3 py-1.5 text-right tabular-nums">{formatValue(totals[i]!)}</td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

// Formatters built once: toLocaleDateString with options builds one per call (about 0.1 ms), which a chart of
// 90 days paid twice per bar on every render.
const dayMonth = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const monthYear = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
const shortMonth = new Intl.DateTimeFormat("en-GB", { month: "short", timeZone: "UTC" });

/** '3 Mar 2025' and '3 Mar' for a YYYY-MM-DD day. */
export function formatDay(day: string) {
  const d = new Date(`${day}T00:00:00Z`);
  const short = dayMonth.format(d);
  return { full: `${short} ${d.getUTCFullYear()}`, short };
}

/** 'March 2025' and 'Mar' for a YYYY-MM month. */
export function formatMonth(month: string) {
  const d = new Date(`${month}-01T00:00:00Z`);
  return { full: monthYear.format(d), short: shortMonth.format(d) };
}
