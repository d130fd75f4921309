// Loads app TypeScript modules (with their ~/ imports) for the scripts that run app code without a build.
import path from "node:path";
import { root } from "./build-if-stale.mjs";

/** Vite's module loader, as `npm run dev` uses it; close() when done. */
export async function appModuleLoader() {
  const vite = await import("vite");
  const server = await vite.createServer({
    root,
    configFile: false,
    logLevel: "error",
    appType: "custom",
    resolve: { tsconfigPaths: true },
    server: { middlewareMode: true, hmr: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  return {
    load: (file) => server.ssrLoadModule(path.join(root, file)),
    close: () => server.close(),
  };
}
