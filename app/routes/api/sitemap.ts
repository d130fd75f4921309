// sitemap.xml of the public pages, with absolute URLs from PUBLIC_URL.
import { PUBLIC_PATHS } from "~/utils/seo";
import type { Route } from "./+types/sitemap";

export function loader({ context }: Route.LoaderArgs) {
  const base = context.config.publicUrl;
  const urls = PUBLIC_PATHS.map((p) => `  <url><loc>${base}${p}</loc></url>`).join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
