// The signed-in customer's referral link as a QR code (SVG), shown on the Resell section and downloadable.
import { requireUser } from "~/server/accounts/session.server";
import { referralQrSvg } from "~/server/referrals/resell.server";
import type { Route } from "./+types/resell-qr";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const svg = await referralQrSvg(context.db, user.id, context.config.publicUrl);
  const download = new URL(request.url).searchParams.get("download") === "1";
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "private, no-cache",
      "X-Content-Type-Options": "nosniff",
      ...(download ? { "Content-Disposition": 'attachment; filename="referral-qr-code.svg"' } : {}),
    },
  });
}
