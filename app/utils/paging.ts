// The page a list is asked for (?page=), within the pages it has: anything else reads as the nearest real page.
export function pageNumber(url: URL, pages: number) {
  return Math.min(pages, Math.max(1, Math.floor(Number(url.searchParams.get("page")) || 1)));
}
