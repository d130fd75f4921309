import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LeadPoolNotice } from "./lead-pool-stock";

const type = (label: string, total: number) => ({ id: label.toLowerCase(), label, total, copied: 0 });

describe("LeadPoolNotice", () => {
  it("tells the admin that an empty pool leaves customers nothing to buy", () => {
    const html = renderToStaticMarkup(
      <LeadPoolNotice stock={[type("Restaurants", 0), type("Barbershops", 0)]} />,
    );
    expect(html).toContain("The lead pool is empty.");
    expect(html).toContain("Customers are offered no business lists until you upload leads");
  });

  it("names the types too small to be offered, and says nothing when every type holds a list", () => {
    const short = renderToStaticMarkup(
      <LeadPoolNotice stock={[type("Restaurants", 45), type("Barbershops", 19)]} />,
    );
    expect(short).toContain("Not offered to customers (fewer than 20 leads): Barbershops.");
    expect(renderToStaticMarkup(<LeadPoolNotice stock={[type("Restaurants", 20)]} />)).toBe("");
  });
});
