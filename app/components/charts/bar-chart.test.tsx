import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatPence } from "~/utils/money";
import { fillSeries } from "~/utils/series";
import { BarChart, formatDay, formatMonth } from "./bar-chart";

const months = fillSeries(["2025-01", "2025-02"], ["revenue", "orders"] as const, [
  { key: "2025-02", series: "revenue", value: 5999 },
  { key: "2025-02", series: "orders", value: 1 },
]);

describe("BarChart", () => {
  it("names the picture and summarises it for screen readers, counting only the series it draws", () => {
    const html = renderToStaticMarkup(
      <BarChart
        title="Orders per month"
        series={[{ key: "orders", label: "Orders", fill: "fill-teal-600", swatch: "bg-teal-600" }]}
        points={months}
        categoryLabel="Month"
        formatCategory={formatMonth}
        unit={{ one: "order", other: "orders" }}
      />,
    );
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="[^"]+-title [^"]+-desc"/);
    expect(html).toContain("<title");
    expect(html).toContain(
      "1 order in total from January 2025 to February 2025; highest: 1 order (February 2025).",
    );
    expect(html).not.toContain("6,000");
  });

  it("gives the same numbers as a table, one row per category and a total per row when stacked", () => {
    const html = renderToStaticMarkup(
      <BarChart
        title="Views"
        series={[
          { key: "nfc", label: "NFC tap", fill: "", swatch: "" },
          { key: "qr", label: "QR scan", fill: "", swatch: "" },
        ]}
        points={fillSeries(["2025-03-01", "2025-03-02"], ["nfc", "qr"] as const, [
          { key: "2025-03-02", series: "nfc", value: 2 },
          { key: "2025-03-02", series: "qr", value: 5 },
        ])}
        categoryLabel="Day"
        formatCategory={formatDay}
      />,
    );
    expect(html).toContain('<th scope="col" class="px-3 py-2 text-right">Total</th>');
    const rows = [...html.matchAll(/<tr><th scope="row"[^>]*>([^<]+)<\/th>(.*?)<\/tr>/g)].map((m) => [
      m[1],
      [...m[2]!.matchAll(/<td[^>]*>([^<]+)<\/td>/g)].map((c) => c[1]),
    ]);
    expect(rows).toEqual([
      ["1 Mar 2025", ["0", "0", "0"]],
      ["2 Mar 2025", ["2", "5", "7"]],
    ]);
  });

  it("prints money in the table exactly and still draws an empty chart on a baseline", () => {
    const html = renderToStaticMarkup(
      <BarChart
        title="Revenue"
        series={[{ key: "revenue", label: "Revenue", fill: "", swatch: "" }]}
        points={months}
        categoryLabel="Month"
        formatCategory={formatMonth}
        formatValue={(p) => formatPence(p, { whole: true })}
        minStep={100}
      />,
    );
    expect(html).toContain("£59.99");
    const empty = renderToStaticMarkup(
      <BarChart
        title="Nothing"
        series={[{ key: "revenue", label: "Revenue", fill: "", swatch: "" }]}
        points={fillSeries(["2025-01"], ["revenue"] as const, [])}
        categoryLabel="Month"
        formatCategory={formatMonth}
      />,
    );
    expect(empty).toContain("Nothing recorded from January 2025 to January 2025.");
    expect(empty).not.toContain("NaN");
  });
});
