import { Menu, ShoppingCart, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { cn } from "~/utils/cn";

const mainLinks = [
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
  // The mobile menu is a popover: the browser opens it, closes it on Escape or a click outside, and moves
  // focus, so it works on pages that ship no JavaScript. After a client-side navigation it is closed here.
  const menu = useRef<HTMLElement>(null);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change
  useEffect(() => {
    if (menu.current?.matches(":popover-open")) menu.current.hidePopover();
  }, [location.key]);

  const profileHref = user?.role === "admin" ? "/admin-dashboard" : "/dashboard";
  const cartLabel = cartCount > 0 ? `Cart, ${cartCount} item${cartCount === 1 ? "" : "s"}` : "Cart";

  return (
    // site-header (app.css) turns compact after 20 px of scroll.
    <header className="site-header sticky top-0 z-40 border-b border-slate-200 bg-white/95 py-3 backdrop-blur">
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
        {/* Below md, two fixed tracks (cart, menu): a page painted before the menu button has arrived (a
            streamed page can be) has the cart where it stays, so nothing shifts when the rest comes. */}
        <div className="grid grid-cols-[2.75rem_2.75rem] items-center gap-2 md:flex">
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
            popoverTarget="mobile-menu"
            popoverTargetAction="show"
          >
            <Menu aria-hidden className="h-6 w-6" />
          </button>
        </div>
      </div>

      <nav
        ref={menu}
        id="mobile-menu"
        popover="auto"
        aria-label="Mobile"
        className="mobile-menu fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-72 max-w-[85vw] flex-col gap-1 overflow-y-auto bg-white p-4 shadow-xl open:flex md:hidden"
      >
        <button
          type="button"
          aria-label="Close menu"
          popoverTarget="mobile-menu"
          popoverTargetAction="hide"
          className="mb-2 inline-flex h-11 w-11 items-center justify-center self-end rounded-md hover:bg-slate-100"
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
