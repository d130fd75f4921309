import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompressAssets } from "./server/static-assets.ts";

// Packages the server build leaves to Node: native code or files found beside the module (sharp, PGlite, pg,
// pino's workers), loaded only when used (the S3 SDK), or one copy shared with server.mjs, which shapes its
// classes (express).
const serverExternals = ["sharp", "@electric-sql/pglite", "pg", "@aws-sdk/client-s3", "express", "pino"];

// One environment per build (React Router 8 always builds so): `ssr` builds our Express app, `client` the browser's
// modules. Both take React Router's production build, without the development warnings: React Router 8's package
// resolves to it unless the `development` condition is set, as Vite sets it only in development (with React
// Router 7 this took an alias).
export default defineConfig(({ command }) => ({
  environments: {
    ssr: {
      // The server build bundles its dependencies: Node's module loader took 1.6 s to load them as 1,200 files,
      // about half of a start (docs/decisions/018-server-bundle.md). The development server loads them as Node does.
      resolve: command === "build" ? { noExternal: true, external: serverExternals } : undefined,
      // The server build's entry is our Express app, which wraps the React Router handler.
      build: { rollupOptions: { input: "./server/app.ts" } },
    },
    client: {
      build: {
        // BUILD_SOURCEMAP=1 writes source maps, to see which modules make up a chunk (docs/benchmarks-history.md, 'What is in a chunk').
        sourcemap: process.env.BUILD_SOURCEMAP === "1",
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // Every hydrated page needs all of React and React Router: one file, one request.
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
                  priority: 2,
                },
                // What every page loads: the root and the site layout (header, footer, toasts) with what they
                // import, and the small form controls. Files compress separately, so one file is smaller than the
                // same code in several.
                {
                  name: "shell",
                  test: /app[\\/](root|routes[\\/]site[\\/]layout|components[\\/]ui[\\/](textarea|select|input))\.tsx$/,
                  priority: 1,
                },
                // The frame of parts drawn by the server, used by dashboard, back-office and shop pages alike: on its
                // own, so that a shop page using it does not load the dashboard's file.
                { name: "static-html", test: /app[\\/]components[\\/]ui[\\/]static-html\.tsx$/, priority: 2 },
                // What every dashboard page loads: the dashboard layout (its icons), the page heading, and the
                // copy and download icons most of the pages show.
                {
                  name: "dashboard",
                  test: /app[\\/](routes[\\/]dashboard[\\/]layout|components[\\/]layout[\\/]page-heading)\.tsx$|lucide-react[\\/].*[\\/]icons[\\/](copy|download)\.mjs$/,
                  priority: 1,
                },
                // Small shared modules in one file rather than a request each, but only those most pages use:
                // a module a few pages share is not downloaded by all the others.
                {
                  name: "shared",
                  // The pager is shared by many list pages but by none of the shop's: it stays with the lists.
                  test: /app[\\/](components[\\/]ui[\\/](?!pager)|utils|catalog)|lucide-react/,
                  minShareCount: 10,
                },
                // The cart panel and the order form's link platforms, for the order, cart and payment pages. After
                // `shared`, so that it does not take the modules every page needs with it.
                {
                  name: "cart",
                  test: /app[\\/](components[\\/]shop[\\/](cart-panel|order-summary)\.tsx|utils[\\/]order-items\.ts|schemas[\\/]link-platforms\.ts)$|lucide-react[\\/].*[\\/]icons[\\/]check\.mjs$/,
                },
              ],
            },
          },
        },
      },
    },
  },
  resolve: { tsconfigPaths: true },
  plugins: [
    tailwindcss(),
    reactRouter(),
    // In both builds: the server build writes React Router's manifest script into the client's folder.
    precompressAssets(`${import.meta.dirname}/build/client/assets`),
  ],
}));
