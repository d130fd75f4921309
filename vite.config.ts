import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompressAssets } from "./server/static-assets";

// React Router's package points every condition at its development build; the production build differs only in
// leaving out the development warnings, which the browser then does not download.
const reactRouterBuild = (file: string) =>
  `${import.meta.dirname}/node_modules/react-router/dist/production/${file}`;

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is our Express app, which wraps the React Router handler.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" } }
    : {
        // BUILD_SOURCEMAP=1 writes source maps, to see which modules make up a chunk (docs/benchmarks/js.md).
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
                // The root and the site layout (header, footer, toasts) with what they import: every page loads
                // them together, and one file compresses better than several small ones.
                {
                  name: "shell",
                  test: /app[\\/](root|routes[\\/]site[\\/]layout)\.tsx$/,
                  priority: 1,
                },
                // Likewise what every dashboard page loads: the dashboard layout (its icons) and the page heading.
                {
                  name: "dashboard",
                  test: /app[\\/](routes[\\/]dashboard[\\/]layout|components[\\/]layout[\\/]page-heading)\.tsx$/,
                  priority: 1,
                },
                // Small shared modules in one file rather than a request each, but only those most pages use:
                // a module a few pages share is not downloaded by all the others.
                {
                  name: "shared",
                  test: /app[\\/](components[\\/]ui|utils|catalog)|lucide-react/,
                  minShareCount: 6,
                },
                // The cart as the order, cart and payment pages show it. After `shared`, so that it does not take
                // the modules every page needs with it.
                {
                  name: "cart",
                  test: /app[\\/](components[\\/]shop[\\/](cart-panel|order-summary)\.tsx|utils[\\/]order-items\.ts)$/,
                },
              ],
            },
          },
        },
      },
  resolve: {
    tsconfigPaths: true,
    alias: isSsrBuild
      ? []
      : [
          { find: /^react-router$/, replacement: reactRouterBuild("index.mjs") },
          { find: /^react-router\/dom$/, replacement: reactRouterBuild("dom-export.mjs") },
        ],
  },
  plugins: [
    tailwindcss(),
    reactRouter(),
    // In both builds: the server build writes React Router's manifest script into the client's folder.
    precompressAssets(`${import.meta.dirname}/build/client/assets`),
  ],
}));
