// The tabs of My Links, without zod: the page in the browser imports them.

export const MY_LINKS_TABS = [
  { value: "all", label: "All Links" },
  { value: "social", label: "Social" },
  { value: "payment", label: "Payment" },
  { value: "other", label: "Other" },
] as const;
export type MyLinksTab = (typeof MY_LINKS_TABS)[number]["value"];

/** The tab of ?tab=, All Links when missing or unknown. */
export function parseMyLinksTab(value: string | null): MyLinksTab {
  return MY_LINKS_TABS.find((t) => t.value === value)?.value ?? "all";
}
