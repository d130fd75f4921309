// The default design's preview (/admin-dashboard/default-design/preview?theme=...): a sample card page in the design
// given in the address. Admins only; framed only by our own pages.
import { requireAdmin } from "~/server/accounts/session.server";
import { samplePreviewResponse } from "~/server/cards/card-design.server";
import type { Route } from "./+types/default-design-preview";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  return samplePreviewResponse(request, {
    publicUrl: context.config.publicUrl,
    siteName: context.config.shop.name,
  });
}
