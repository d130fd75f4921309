// The admin Referrers tab: which customers are featured in the cart's 'Referred by' selector.
import { data } from "react-router";
import { z } from "zod";
import type { Database } from "../platform/db.server";
import { toastHeaders } from "../platform/toast.server";
import { listReferrersForAdmin, ReferrerError, setFeaturedByAdmin } from "./referrals.server";

export const REFERRER_INTENTS = ["set-featured"] as const;

export async function loadReferrersTab(db: Database, url: URL) {
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

async function fail(message: string, status: number) {
  return data(
    { ok: false as const, error: message },
    { status, headers: await toastHeaders({ type: "error", title: "Error", description: message }) },
  );
}

export async function handleReferrersTabAction(db: Database, form: FormData) {
  const parsed = FeaturedSchema.safeParse({ userId: form.get("userId"), featured: form.get("featured") });
  if (!parsed.success) return fail("The request was not understood", 400);
  try {
    const { name, featured } = await setFeaturedByAdmin(
      db,
      parsed.data.userId,
      parsed.data.featured === "true",
    );
    return data(
      { ok: true as const },
      {
        headers: await toastHeaders({
          type: "success",
          title: featured ? "Referrer featured" : "Referrer no longer featured",
          description: featured
            ? `${name} is now listed under 'Referred by' in the cart`
            : `${name} is no longer listed under 'Referred by' in the cart`,
        }),
      },
    );
  } catch (error) {
    if (error instanceof ReferrerError) return fail(error.message, error.status);
    throw error;
  }
}
