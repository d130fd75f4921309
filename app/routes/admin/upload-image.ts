// Profile image upload for the card form: admin only; the image rule is acceptProfileImage's.
import { requireAdmin } from "~/server/accounts/session.server";
import { ADMIN_IMAGE_WRITES } from "~/server/cards/limits.server";
import { readFormData } from "~/server/platform/forms.server";
import { acceptProfileImage } from "~/server/platform/images.server";
import { hitWriteLimit, WRITE_LIMITED } from "~/server/platform/rate-limit.server";
import type { Route } from "./+types/upload-image";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  return Response.json({ error: "Use POST" }, { status: 405 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  if (
    !(await hitWriteLimit(context.db, ADMIN_IMAGE_WRITES, { userId: admin.id, clientIp: context.clientIp }))
  )
    return Response.json({ error: WRITE_LIMITED }, { status: 429 });
  const formData = await readFormData(request);
  const outcome = await acceptProfileImage(context.config, formData.get("image"));
  if (outcome.ok) return Response.json({ url: outcome.url });
  if (outcome.status === 500) context.logger.error({ err: outcome.cause }, "image upload failed");
  return Response.json({ error: outcome.message }, { status: outcome.status });
}
