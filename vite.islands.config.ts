// Builds the island scripts (app/islands/*.entry.ts) that pages without React load. Runs after the app build,
// which empties build/client. The server reads the manifest to find each content-hashed file.
import { defineConfig } from "vite";
import { ISLANDS } from "./app/utils/page-scripts.ts";
import { precompressAssets } from "./server/static-assets.ts";

export default defineConfig({
  publicDir: false,
  plugins: [precompressAssets(`${import.meta.dirname}/build/client/assets/islands`)],
  resolve: { tsconfigPaths: true },
  build: {
    outDir: "build/client/assets/islands",
    emptyOutDir: true,
    manifest: true,
    rollupOptions: {
      input: ISLANDS.map((island) => `app/islands/${island}.entry.ts`),
      output: { entryFileNames: "[name]-[hash].js", chunkFileNames: "[name]-[hash].js" },
    },
  },
});
