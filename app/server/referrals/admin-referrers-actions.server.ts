// The admin Referrers tab: which customers are featured in the cart's 'Referred by' selector.
import { z } from "~/schemas/zod";
import type { Database } from "../platform/db.server";
import { unknownIntent } from "../platform/forms.server";
import { dataWithToast, refuseWithToast } from "../platform/toast.server";
import { listReferrersForAdmin, ReferrerError, setFeaturedByAdmin } from "./referrals.server";

export async function loadReferrersSection(db: Database, url: URL) {
  return listReferrersForAdmin(db, {
    q: url.searchParams.get("q") ?? "",
    featuredOnly: url.searchParams.get("featured") === "1",
    page: Number(url.searchParams.get("page")) || 1,
  });
}

const FeaturedSchema = z.object({
  userId: z.string().trim().min(1).max(100),
  featured: z.enum(["true", "false"]),
});

export async function handleReferrersSectionAction(db: Database, form: FormData) {
  const intent = String(form.get("intent") ?? "");
  switch (intent) {
    case "set-featured":
      return setFeatured(db, form);
    default:
      return unknownIntent();
  }
}

async function setFeatured(db: Database, form: FormData) {
  const parsed = FeaturedSchema.safeParse({ userId: form.get("userId"), featured: form.get("featured") });
  if (!parsed.success) return refuseWithToast("The request was not understood", 400);
  try {
    const { name, featured } = await setFeaturedByAdmin(
      db,
      parsed.data.userId,
      parsed.data.featured === "true",
    );
    return dataWithToast(
      { ok: true as const },
      {
        type: "success",
        title: featured ? "Referrer featured" : "Referrer no longer featured",
        description: featured
          ? `${name} is now listed under 'Referred by' in the cart`
          : `${name} is no longer listed under 'Referred by' in the cart`,
      },
    );
  } catch (error) {
    if (error instanceof ReferrerError) return refuseWithToast(error.message, error.status);
    throw error;
  }
}
