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

/** The address of a tab, with an optional page of cards and open form (?edit= or ?remove=). */
export function tabHref(tab: MyLinksTab, extra: Record<string, string> = {}, page = 1) {
  const params = new URLSearchParams({
    ...(tab === "all" ? {} : { tab }),
    ...(page > 1 ? { page: String(page) } : {}),
    ...extra,
  });
  const query = params.toString();
  return query ? `/dashboard/links?${query}` : "/dashboard/links";
}
