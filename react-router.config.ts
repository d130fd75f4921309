import type { Config } from "@react-router/dev/config";

// React Router v8's behaviour, opted into now. Two flags wait for changes elsewhere, each named here.
export default {
  ssr: true,
  future: {
    v8_trailingSlashAwareDataRequests: true,
    v8_splitRouteModules: true,
    // vite.config.ts configures each build as its own environment (`ssr`, `client`).
    v8_viteEnvironmentApi: true,
    // Loaders would get the request as sent, `.data` suffix and `_routes` parameter included: first every loader
    // and `requireUser` (its `redirectTo`) must read the `url` argument, which leaves them out.
    v8_passThroughRequests: false,
    // Middleware changes the load context every loader and action receives (a RouterContextProvider instead of
    // our AppLoadContext object): it comes with that change, in one step.
    v8_middleware: false,
  },
} satisfies Config;
