import { Menu, ShoppingCart, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { cn } from "~/utils/cn";

export const mainLinks = [
  { to: "/", label: "Home" },
  { to: "/features", label: "Features" },
  { to: "/pricing", label: "Pricing" },
  { to: "/socials", label: "Socials" },
  { to: "/update-links", label: "Update Links" },
  { to: "/contact", label: "Contact" },
];

interface Props {
  siteName: string;
  user: { name: string; role: "customer" | "admin" } | null;
  cartCount: number;
}

export function SiteHeader({ siteName, user, cartCount }: Props) {
  const [compact, setCompact] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  useEffect(() => {
    const onScroll = () => setCompact(window.scrollY > 20);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  // Close the mobile menu on navigation and with Escape.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change
  useEffect(() => setMenuOpen(false), [location.key]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setMenuOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  const profileHref = user?.role === "admin" ? "/admin-dashboard" : "/dashboard";
  const cartLabel = cartCount > 0 ? `Cart, ${cartCount} item${cartCount === 1 ? "" : "s"}` : "Cart";

  return (
    <header
      className={cn(
        "sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur transition-all",
        compact ? "py-1 shadow-sm" : "py-3",
      )}
    >
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4">
        <Link to="/" className="text-xl font-extrabold tracking-tight text-brand-900">
          {siteName}
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {mainLinks.map((l) => (
              <li key={l.to}>
                <NavLink
                  to={l.to}
                  end
                  className={({ isActive }) =>
                    cn(
                      "rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100",
                      isActive ? "text-brand-700" : "text-slate-700",
                    )
                  }
                >
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <div className="hidden items-center gap-2 md:flex">
            <AccountLinks user={user} profileHref={profileHref} />
          </div>
          <Link
            to="/cart"
            aria-label={cartLabel}
            className="relative inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
          >
            <ShoppingCart aria-hidden className="h-5 w-5" />
            {cartCount > 0 ? (
              <span
                aria-hidden
                className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-brand-600 px-1 text-center text-xs font-bold leading-5 text-white"
              >
                {cartCount}
              </span>
            ) : null}
          </Link>
          <button
            type="button"
            className="inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen(true)}
          >
            <Menu aria-hidden className="h-6 w-6" />
          </button>
        </div>
      </div>

      {menuOpen ? (
        <div className="fixed inset-0 z-50 md:hidden">
          <button
            type="button"
            aria-label="Close menu"
            tabIndex={-1}
            className="absolute inset-0 bg-slate-900/40"
            onClick={() => setMenuOpen(false)}
          />
          <nav
            id="mobile-menu"
            aria-label="Mobile"
            className="absolute inset-y-0 right-0 flex w-72 max-w-[85vw] flex-col gap-1 overflow-y-auto bg-white p-4 shadow-xl"
          >
            <button
              type="button"
              aria-label="Close menu"
              className="mb-2 inline-flex h-11 w-11 items-center justify-center self-end rounded-md hover:bg-slate-100"
              onClick={() => setMenuOpen(false)}
              // biome-ignore lint/a11y/noAutofocus: focus moves into the menu that just opened
              autoFocus
            >
              <X aria-hidden className="h-6 w-6" />
            </button>
            {mainLinks.map((l) => (
              <Link key={l.to} to={l.to} className="rounded-md px-3 py-3 font-medium hover:bg-slate-100">
                {l.label}
              </Link>
            ))}
            <Link to="/cart" className="rounded-md px-3 py-3 font-medium hover:bg-slate-100">
              View Cart ({cartCount})
            </Link>
            <Link
              to="/order-card"
              className="mt-2 rounded-md bg-brand-600 px-3 py-3 text-center font-semibold text-white hover:bg-brand-700"
            >
              Order Your Card
            </Link>
            <div className="mt-4 flex flex-col gap-2 border-t border-slate-200 pt-4">
              <AccountLinks user={user} profileHref={profileHref} />
            </div>
          </nav>
        </div>
      ) : null}
    </header>
  );
}

function AccountLinks({ user, profileHref }: { user: Props["user"]; profileHref: string }) {
  if (!user) {
    return (
      <Link
        to="/login"
        className="rounded-md px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        Log in
      </Link>
    );
  }
  return (
    <>
      <Link
        to={profileHref}
        className="rounded-md px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100"
      >
        Profile
      </Link>
      <Form method="post" action="/logout">
        <button
          type="submit"
          className="w-full rounded-md px-3 py-2 text-left text-sm font-semibold text-slate-800 hover:bg-slate-100"
        >
          Log out
        </button>
      </Form>
    </>
  );
}
