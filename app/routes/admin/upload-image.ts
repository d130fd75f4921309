// Profile image upload for the card form: admin only, image types only, at most 5 MB, decoded and re-encoded.
import { IMAGE_MAX_BYTES } from "~/schemas/card-page";
import { requireAdmin } from "~/server/auth.server";
import { readFormData } from "~/server/forms.server";
import { ImageError, processProfileImage } from "~/server/images.server";
import { storeProfileImage } from "~/server/storage.server";
import type { Route } from "./+types/upload-image";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.auth, request);
  return Response.json({ error: "Use POST" }, { status: 405 });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context.auth, request);
  const formData = await readFormData(request);
  const file = formData.get("image");
  if (!(file instanceof File) || file.size === 0)
    return Response.json({ error: "Please select an image file" }, { status: 400 });
  if (!file.type.startsWith("image/"))
    return Response.json({ error: "Please select an image file" }, { status: 400 });
  if (file.size > IMAGE_MAX_BYTES)
    return Response.json({ error: "Image should be less than 5MB" }, { status: 400 });
  try {
    const image = await processProfileImage(Buffer.from(await file.arrayBuffer()));
    const url = await storeProfileImage(context.config, image);
    return Response.json({ url });
  } catch (error) {
    if (error instanceof ImageError) return Response.json({ error: error.message }, { status: 400 });
    context.logger.error({ err: error }, "image upload failed");
    return Response.json({ error: "Failed to upload image. Please try again." }, { status: 500 });
  }
}
