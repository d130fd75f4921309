// Where the browser loads each island script from: Vite serves the source in development; the production
// build (vite.islands.config.ts) writes content-hashed files and a manifest that maps entries to them.
import fs from "node:fs";
import path from "node:path";
import { ISLANDS, type Island } from "~/utils/page-scripts";

export type IslandUrls = Record<Island, string>;

const entry = (island: Island) => `app/islands/${island}.entry.ts`;
const ISLANDS_OUT_DIR = "build/client/assets/islands";

export function islandUrls(root: string, dev: boolean): IslandUrls {
  if (dev) return Object.fromEntries(ISLANDS.map((i) => [i, `/${entry(i)}`])) as IslandUrls;
  const manifestPath = path.join(root, ISLANDS_OUT_DIR, ".vite/manifest.json");
  const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8")) as Record<string, { file: string }>;
  return Object.fromEntries(
    ISLANDS.map((i) => {
      const file = manifest[entry(i)]?.file;
      if (!file) throw new Error(`The island "${i}" is missing from ${manifestPath}; run npm run build`);
      return [i, `/assets/islands/${file}`];
    }),
  ) as IslandUrls;
}
