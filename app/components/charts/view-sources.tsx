// The scan activity chart: a card page's views per day (or per week or month over a long range), stacked by how
// the visitor arrived (the ?s= parameter on the chip and in the QR code; anything else counts as a shared link).

import type { ChartPoint } from "~/utils/series";
import { BarChart, type ChartSeries, formatDay } from "./bar-chart";

type Source = "nfc" | "qr" | "link";

export const VIEW_SOURCE_SERIES: readonly ChartSeries<Source>[] = [
  { key: "nfc", label: "NFC tap", fill: "fill-brand-600", swatch: "bg-brand-600" },
  { key: "qr", label: "QR scan", fill: "fill-amber-500", swatch: "bg-amber-500" },
  { key: "link", label: "Link", fill: "fill-teal-600", swatch: "bg-teal-600" },
];

export function ViewsPerDayChart({
  title,
  points,
  categoryLabel = "Day",
  formatCategory = formatDay,
  period,
}: {
  title: string;
  points: readonly ChartPoint<Source>[];
  categoryLabel?: string;
  formatCategory?: (key: string) => { full: string; short: string };
  period?: string;
}) {
  return (
    <BarChart
      title={title}
      series={VIEW_SOURCE_SERIES}
      points={points}
      categoryLabel={categoryLabel}
      formatCategory={formatCategory}
      unit={{ one: "view", other: "views" }}
      period={period}
    />
  );
}
