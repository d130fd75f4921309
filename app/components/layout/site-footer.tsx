import { Link } from "react-router";

const columns = [
  {
    title: "Product",
    links: [
      { to: "/features", label: "Features" },
      { to: "/order-card", label: "Order a card" },
      { to: "/compatibility", label: "Compatibility List" },
    ],
  },
  {
    title: "Company",
    links: [
      { to: "/about", label: "About us" },
      { to: "/faq", label: "FAQ" },
      { to: "/contact", label: "Contact" },
    ],
  },
  {
    title: "Help & legal",
    links: [
      { to: "/safety", label: "Safety Guidelines" },
      { to: "/returns", label: "Return Policy" },
      { to: "/terms", label: "Terms of Service" },
      { to: "/privacy", label: "Privacy Policy" },
    ],
  },
];

export function SiteFooter({
  siteName,
  supportEmail,
  socials = [],
}: {
  siteName: string;
  supportEmail: string;
  socials?: { label: string; url: string }[];
}) {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-extrabold text-brand-900">{siteName}</p>
          <p className="mt-2 text-sm text-slate-600">Tap-to-share NFC cards. No app needed.</p>
          <p className="mt-4 text-sm text-slate-700">
            Support:{" "}
            <a className="font-medium text-brand-700 underline" href={`mailto:${supportEmail}`}>
              {supportEmail}
            </a>
          </p>
          <p className="mt-2 text-sm text-slate-700">
            <Link className="font-medium text-brand-700 underline" to="/socials">
              Our social links
            </Link>
          </p>
          {socials.length ? (
            <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {socials.map((s) => (
                <li key={s.url}>
                  <a className="font-medium text-brand-700 underline" href={s.url} rel="noopener noreferrer">
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {columns.map((col) => (
          <nav key={col.title} aria-label={col.title}>
            <h2 className="text-sm font-semibold text-slate-900">{col.title}</h2>
            <ul className="mt-3 space-y-2">
              {col.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="text-sm text-slate-600 hover:text-slate-900 hover:underline">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-slate-200 py-6 text-center text-xs text-slate-600">
        © {new Date().getFullYear()} {siteName}. All rights reserved.
      </p>
    </footer>
  );
}
