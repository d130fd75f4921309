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
