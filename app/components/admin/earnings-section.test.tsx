import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { monthRange } from "~/utils/dates";
import { fillSeries } from "~/utils/series";
import { EarningsSection } from "./earnings-section";

describe("EarningsSection", () => {
  it("counts a single order in the singular: '1 order in total', not '1 orders'", () => {
    const chart = fillSeries(monthRange("2026-11", 12), ["revenue", "orders"] as const, [
      { key: "2026-11", series: "revenue", value: 5999 },
      { key: "2026-11", series: "orders", value: 1 },
    ]);
    const html = renderToStaticMarkup(
      <EarningsSection
        data={{
          months: [{ month: "2026-11", revenue: 5999, paid: 1, completed: 0 }],
          totals: { revenue: 5999, paid: 1, completed: 0 },
          awaitingPayment: 0,
          chart,
          views: fillSeries(["2026-11-27"], ["nfc", "qr", "link"] as const, [
            { key: "2026-11-27", series: "nfc", value: 1 },
          ]),
        }}
      />,
    );
    expect(html).toContain(
      "1 order in total from December 2025 to November 2026; highest: 1 order (November 2026).",
    );
    expect(html).toContain("1 view in total");
    expect(html).not.toMatch(/\b1 orders\b|\b1 views\b/);
  });
});
