import { Link } from "react-router";

/** Previous / Next links under a paginated list; nothing when everything fits on one page. */
export function Pager({
  label,
  page,
  hasNext,
  pages,
  href,
}: {
  label: string;
  page: number;
  hasNext: boolean;
  /** The number of pages, when the list knows it. */
  pages?: number;
  href: (page: number) => string;
}) {
  if (page <= 1 && !hasNext) return null;
  const link = "font-semibold text-brand-700 underline";
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} className={link}>
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">{pages ? `Page ${page} of ${pages}` : `Page ${page}`}</span>
      {hasNext ? (
        <Link to={href(page + 1)} className={link}>
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/**
 * First / Previous / Next links under a list paged by keyset (the server names the row each link starts from);
 * nothing when everything fits on one page.
 */
export function CursorPager({
  label,
  paged,
  previous,
  next,
  href,
}: {
  label: string;
  /** True past the first page: offers a way back to it. */
  paged: boolean;
  previous: string | null;
  next: string | null;
  href: (cursor: { after: string } | { before: string } | null) => string;
}) {
  if (!paged && !next) return null;
  const link = "font-semibold text-brand-700 underline";
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3 text-sm">
      <span className="flex gap-4">
        {paged ? (
          <Link to={href(null)} className={link}>
            First
          </Link>
        ) : null}
        {previous ? (
          <Link to={href({ before: previous })} className={link}>
            Previous
          </Link>
        ) : null}
      </span>
      {next ? (
        <Link to={href({ after: next })} className={link}>
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
