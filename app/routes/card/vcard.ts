// 'Save contact': the card owner's vCard, built on the server from the page (photo embedded as JPEG).
import { getCardPageBySlug } from "~/server/cards/cards.server";
import { buildVCard, vCardFileName } from "~/server/cards/vcard.server";
import { readProfileJpeg } from "~/server/platform/storage.server";
import type { Route } from "./+types/vcard";

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await getCardPageBySlug(context.db, params.slug);
  if (!page)
    return new Response("Page Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const jpeg = page.profileImageUrl ? await readProfileJpeg(context.config, page.profileImageUrl) : null;
  const vcard = buildVCard({
    name: page.name,
    organisation: page.businessName,
    email: page.contactEmail,
    phone: page.contactPhone,
    url: `${context.config.publicUrl}/${page.slug}`,
    note: page.bio,
    photo: jpeg ? { type: "JPEG", base64: jpeg.toString("base64") } : null,
  });
  return new Response(vcard, {
    headers: {
      "Content-Type": "text/vcard; charset=utf-8",
      "Content-Disposition": `attachment; filename="${vCardFileName(page.name)}"`,
      "Cache-Control": "no-cache",
    },
  });
}
