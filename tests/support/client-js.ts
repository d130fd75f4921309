// What JavaScript a hydrated page makes the browser download, read from the client build: the client entry and
// the modules of every route that matches the URL with everything they import, each counted at the size the
// server sends it (gzip; the compression middleware leaves files under 1 KiB as they are). React Router inlines
// the routes of the page in the HTML, so its manifest script is not counted.
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { matchRoutes, type RouteObject } from "react-router";

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

/** The `compression` middleware's default threshold: smaller answers go uncompressed. */
const COMPRESSION_THRESHOLD = 1024;

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

function readScript(clientDir: string, url: string): PageScript {
  const body = fs.readFileSync(path.join(clientDir, url));
  const bytes = body.length < COMPRESSION_THRESHOLD ? body.length : gzipSync(body).length;
  return { url, bytes, source: body.toString("utf8") };
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
  return [...urls].map((url) => readScript(clientDir, url)).sort((a, b) => b.bytes - a.bytes);
}
