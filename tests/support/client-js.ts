// What JavaScript a hydrated page makes the browser download, read from the client build: the client entry and
// the modules of every route that matches the URL with everything they import, each counted at the size the
// server sends it to a browser that accepts gzip (the same choice as server/static-assets.ts makes, from the
// files the build compressed). React Router inlines the routes of the page in the HTML, so its manifest script is
// not counted, and neither is a chunk loaded on demand (a dynamic import): the page does not load it when it opens.
import fs from "node:fs";
import path from "node:path";
import { matchRoutes, type RouteObject } from "react-router";
import { chooseVariant, loadAssets } from "../../server/static-assets";

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
}

interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

export interface PageScript {
  url: string;
  /** Gzip bytes as served. */
  bytes: number;
  source: string;
}

/** The budget is in gzip bytes: what a browser that offers gzip but not brotli receives. */
const ACCEPT_ENCODING = "gzip";

function readClientManifest(clientDir: string): Manifest {
  const assets = path.join(clientDir, "assets");
  const file = fs.readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`No React Router manifest in ${assets}; run npm run build`);
  const source = fs.readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(source.slice(source.indexOf("=") + 1).replace(/;\s*$/, "")) as Manifest;
}

function routeTree(manifest: Manifest, parentId?: string): RouteObject[] {
  return Object.values(manifest.routes)
    .filter((r) => r.parentId === parentId)
    .map((r) =>
      r.index
        ? { id: r.id, index: true as const }
        : { id: r.id, path: r.path, children: routeTree(manifest, r.id) },
    );
}

function readScript(assets: ReturnType<typeof loadAssets>, url: string): PageScript {
  const asset = assets.get(url.replace(/^\/assets/, ""));
  if (!asset) throw new Error(`${url} is not among the served assets`);
  const bytes = chooseVariant(asset, ACCEPT_ENCODING).body.length;
  return { url, bytes, source: asset.identity.toString("utf8") };
}

/** The scripts a first visit to `pathname` loads when the page hydrates, largest first. */
export function pageScripts(clientDir: string, pathname: string): PageScript[] {
  const manifest = readClientManifest(clientDir);
  const matches = matchRoutes(routeTree(manifest), pathname);
  if (!matches) throw new Error(`No route matches ${pathname}`);
  const urls = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const { route } of matches) {
    const entry = manifest.routes[route.id as string];
    for (const url of [entry.module, ...(entry.imports ?? [])]) urls.add(url);
  }
  const assets = loadAssets(path.join(clientDir, "assets"));
  return [...urls].map((url) => readScript(assets, url)).sort((a, b) => b.bytes - a.bytes);
}
