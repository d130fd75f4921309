// The QR code of a card page as SVG; it carries ?s=qr so scans are told apart from taps and shared links.
import QRCode from "qrcode";
import { getCardPageBySlug } from "~/server/cards/cards.server";
import type { Route } from "./+types/qr";

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await getCardPageBySlug(context.db, params.slug);
  if (!page)
    return new Response("Page Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const svg = await QRCode.toString(`${context.config.publicUrl}/${page.slug}?s=qr`, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 2,
  });
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "no-cache",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
