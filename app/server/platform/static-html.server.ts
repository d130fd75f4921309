// Parts of a page without behaviour (a chart, a profile), rendered to HTML for the loader's data. The page shows
// them with StaticHtml, so they are not hydrated and the browser does not download the components' code; a
// client-side navigation gets them from the loader as well.
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/** `idPrefix` keeps the ids React makes (useId) in this render apart from the page's. */
export function staticHtml(element: ReactElement, idPrefix: string): string {
  return renderToStaticMarkup(element, { identifierPrefix: idPrefix });
}
