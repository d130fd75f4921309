// My Cards' Scan activity section: views per day over the last 30 days, by source, with the numbers as a table.
// Rendered only on the server (the Cards route draws it to HTML): it has no behaviour, so the
// browser gets its HTML and not its code.

import { ViewsPerDayChart } from "~/components/charts/view-sources";
import type { ChartPoint } from "~/utils/series";

export function ScanActivity({ points, of }: { points: ChartPoint<"nfc" | "qr" | "link">[]; of: string }) {
  return (
    <section id="scan-activity" aria-labelledby="scan-activity-heading" className="space-y-3">
      <h2 id="scan-activity-heading" className="text-lg font-bold text-slate-900">
        Scan activity
      </h2>
      <p className="text-sm text-slate-600">
        Visits to {of} each day, by how the visitor arrived: a tap on the NFC card, a scan of the QR code, or
        the page's link shared anywhere else. Crawlers and link previews are not counted.
      </p>
      <ViewsPerDayChart title={`Views per day, last 30 days (${of})`} points={points} />
    </section>
  );
}
