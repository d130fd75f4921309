// The QR code of a card page, as SVG (qr.svg) or as a 1024-pixel PNG for print (qr.png). It carries ?s=qr so
// scans are told apart from taps and shared links.
import QRCode from "qrcode";
import { getCardPageBySlug } from "~/server/cards/card-reads.server";
import type { Route } from "./+types/qr";

const PNG_WIDTH = 1024;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const page = await getCardPageBySlug(context.db, params.slug);
  if (!page)
    return new Response("Page Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const target = `${context.config.publicUrl}/${page.slug}?s=qr`;
  const options = { errorCorrectionLevel: "M", margin: 2 } as const;
  const headers = { "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff" };
  if (new URL(request.url).pathname.endsWith(".png")) {
    const png = await QRCode.toBuffer(target, { ...options, type: "png", width: PNG_WIDTH });
    return new Response(new Uint8Array(png), { headers: { ...headers, "Content-Type": "image/png" } });
  }
  const svg = await QRCode.toString(target, { ...options, type: "svg" });
  return new Response(svg, { headers: { ...headers, "Content-Type": "image/svg+xml" } });
}
