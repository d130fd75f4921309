import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Pager } from "./pager";

const render = (props: { page: number; hasNext: boolean; pages?: number }) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <Pager label="Card pages pagination" href={(page) => `/admin-dashboard?page=${page}`} {...props} />
    </MemoryRouter>,
  );

describe("Pager", () => {
  it("shows nothing when the list fits on one page", () => {
    expect(render({ page: 1, hasNext: false })).toBe("");
  });

  it("links to the next page from the first, and both ways from the middle", () => {
    const first = render({ page: 1, hasNext: true });
    expect(first).toContain('href="/admin-dashboard?page=2"');
    expect(first).not.toContain("Previous");
    const middle = render({ page: 2, hasNext: true, pages: 3 });
    expect(middle).toContain('href="/admin-dashboard?page=1"');
    expect(middle).toContain('href="/admin-dashboard?page=3"');
    expect(middle).toContain("Page 2 of 3");
  });

  it("has no Next link on the last page", () => {
    const last = render({ page: 3, hasNext: false });
    expect(last).toContain("Previous");
    expect(last).not.toContain("Next");
  });
});
