import type { Config } from "@react-router/dev/config";

// React Router 8 (docs/decisions/040-react-router-8.md): what v7's `v8_*` flags opted into is how it always works
// now. Middleware is always on (loaders and actions receive a RouterContextProvider; server/app.ts gives it the
// fields of our load context); each build is its own Vite environment (`ssr`, `client`, vite.config.ts); loaders get
// the request as sent (a data request's `.data` suffix and `_routes` parameter included: a link back to the page is
// made from the `url` argument, or by `requireUser` without them); data requests keep a trailing slash (`/_.data`).
export default {
  ssr: true,
  // A route's client-only exports in chunks of their own (v7's v8_splitRouteModules; on by default in v8).
  splitRouteModules: true,
} satisfies Config;
