import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { StaticToast } from "~/components/ui/static-toast";
import { ToastHost } from "~/components/ui/toast-host";
import { getSessionUser } from "~/server/accounts/session.server";
import { readToast } from "~/server/platform/toast.server";
import { countCartItems, readCartId } from "~/server/shop/cart.server";
import { followReferralLink } from "~/server/shop/cart-actions.server";
import { useNonce } from "~/utils/nonce";
import { pageScripts } from "~/utils/page-scripts";
import { useHydrated } from "~/utils/use-hydrated";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";

// With a precedence React writes the stylesheet at the top of <head>, ahead of the module preloads it hoists
// there; without one it came after them all and waited for a connection behind the page's scripts.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  const { toast, headers: toastHeaders } = await readToast(request);
  const headers = toastHeaders ?? new Headers();
  // A referral link (/?ref={code}) is remembered for 30 days and preselects that referrer in a cart without one.
  await followReferralLink(context.db, request, headers, user?.id ?? null);
  const cartCount = await countCartItems(context.db, await readCartId(request));
  return data(
    {
      user: user ? { name: user.name, role: user.role } : null,
      toast,
      cartCount,
      islands: context.islands,
      site: {
        name: context.config.shop.name,
        supportEmail: context.config.mail.support,
        publicUrl: context.config.publicUrl,
        socials: context.config.shop.socials,
      },
    },
    { headers },
  );
}

// Actions that fail with 4xx may still set a toast cookie, so the root always reads it again after an action.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod !== "GET" ? true : defaultShouldRevalidate;

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const scripts = pageScripts(useMatches());
  const islands = useRootData()?.islands;
  // Once React runs in the browser it stays, even on pages that the server sends without it.
  const hydrated = useHydrated();
  return (
    // data-hydrated: a page's React has taken over its forms (browser tests wait for it).
    <html lang="en-GB" data-hydrated={hydrated || undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {scripts.hydrate || hydrated ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : (
          scripts.islands?.map((island) =>
            islands ? <script key={island} type="module" src={islands[island]} nonce={nonce} /> : null,
          )
        )}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { hydrate } = pageScripts(useMatches());
  const hydrated = useHydrated();
  return (
    <>
      <Outlet />
      {hydrate || hydrated ? (
        <>
          <ToastHost toast={loaderData.toast} />
          {/* A browser without JavaScript shows the server's toast instead of the script's. */}
          {hydrated ? null : (
            <noscript>
              <StaticToast toast={loaderData.toast} />
            </noscript>
          )}
        </>
      ) : (
        <StaticToast toast={loaderData.toast} />
      )}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p className="mt-4 text-slate-600">
        {notFound
          ? "The page you are looking for does not exist."
          : isRouteErrorResponse(error)
            ? (errorMessage(error.data) ?? `Error ${error.status}`)
            : "An unexpected error occurred. Please try again."}
      </p>
      <a href="/" className="mt-8 inline-block rounded-md bg-brand-600 px-5 py-3 font-medium text-white">
        Back to home
      </a>
    </main>
  );
}

function errorMessage(payload: unknown) {
  if (typeof payload === "string") return payload;
  if (payload && typeof payload === "object" && "error" in payload && typeof payload.error === "string")
    return payload.error;
  return null;
}
