// Formats integer pence for people. The one place money becomes text.

const pounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

/** 2500 -> "£25.00"; with { whole: true } whole pounds drop the pence: "£25". */
export function formatPence(pence: number, opts: { whole?: boolean } = {}) {
  if (!Number.isInteger(pence)) throw new TypeError(`pence must be an integer, got ${pence}`);
  const text = pounds.format(pence / 100);
  return opts.whole && pence % 100 === 0 ? text.replace(/\.00$/, "") : text;
}
