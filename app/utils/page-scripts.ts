// Which JavaScript a page ships. Pages hydrate React unless their route's handle says otherwise: marketing
// pages render on the server only and ship nothing, or one small script per interactive part (an "island").
import type { UIMatch } from "react-router";

/** The stand-alone scripts in app/islands, each enhancing markup the server rendered. */
export const ISLANDS = ["carousel", "contact"] as const;
export type Island = (typeof ISLANDS)[number];

export interface PageScriptsHandle {
  /** false: no React in the browser; the page works as plain HTML plus its islands. */
  hydrate: false;
  islands?: Island[];
}

export const staticPage: PageScriptsHandle = { hydrate: false };
export const pageWithIslands = (...islands: Island[]): PageScriptsHandle => ({ hydrate: false, islands });

export type PageScripts = { hydrate: true } | PageScriptsHandle;

/** The deepest route that says anything decides. */
export function pageScripts(matches: UIMatch[]): PageScripts {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as Partial<PageScriptsHandle> | undefined;
    if (handle?.hydrate === false) return { hydrate: false, islands: handle.islands ?? [] };
  }
  return { hydrate: true };
}
