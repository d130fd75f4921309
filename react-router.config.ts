import type { Config } from "@react-router/dev/config";

// React Router v8's behaviour, opted into now.
export default {
  ssr: true,
  future: {
    v8_trailingSlashAwareDataRequests: true,
    v8_splitRouteModules: true,
    // vite.config.ts configures each build as its own environment (`ssr`, `client`).
    v8_viteEnvironmentApi: true,
    // Loaders get the request as sent (a data request's `.data` suffix and `_routes` parameter included): a link
    // back to the page is made from the `url` argument, or by `requireUser` without them.
    v8_passThroughRequests: true,
    // Loaders and actions receive a RouterContextProvider; server/app.ts gives it the fields of our load context.
    v8_middleware: true,
  },
} satisfies Config;
