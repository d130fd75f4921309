import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, Palette } from "lucide-react";
import { data } from "react-router";
import { CardForm } from "~/components/admin/card-form/card-form";
import { CardLifecycleAdmin } from "~/components/admin/card-lifecycle-admin";
import { ButtonLink } from "~/components/ui/button";
import { cardPageSchemas } from "~/schemas/card-page";
import { requireAdmin } from "~/server/accounts/session.server";
import { cardFormFailure } from "~/server/cards/admin-actions.server";
import { getCardStats } from "~/server/cards/admin-cards.server";
import { flushAnalytics } from "~/server/cards/analytics.server";
import { cardHistory, cardLifecycle } from "~/server/cards/card-lifecycle.server";
import { handleAdminLifecycle } from "~/server/cards/card-lifecycle-actions.server";
import { ownerEmailOf, updateCardPageWithOwner } from "~/server/cards/card-owners.server";
import { getCardPageById } from "~/server/cards/card-reads.server";
import { listShops } from "~/server/cards/shops.server";
import { readFormData, unknownIntent } from "~/server/platform/forms.server";
import { isStoredProfileImageUrl } from "~/server/platform/storage.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/edit-card";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: loaderData?.card ? `Edit Card #${loaderData.card.cardNumber}` : "Card Not Found" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const card = await getCardPageById(context.db, params.id);
  if (!card)
    return data(
      {
        card: null,
        shops: [],
        publicUrl: "",
        clicksByLink: {},
        ownerEmail: "",
        lifecycle: null,
        history: [],
      },
      { status: 404 },
    );
  await flushAnalytics(context.db, context.logger);
  const stats = await getCardStats(context.db, card.id);
  return {
    card,
    shops: await listShops(context.db),
    publicUrl: context.config.publicUrl,
    clicksByLink: stats.clicksByLink,
    ownerEmail: await ownerEmailOf(context.db, card.ownerUserId),
    lifecycle: await cardLifecycle(context.db, card.id),
    history: await cardHistory(context.db, card.id),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const formData = await readFormData(request);
  switch (formData.get("intent")) {
    case null:
    case "save":
      break;
    case "pause":
    case "resume":
    case "card-off":
    case "card-on":
    case "mark-written":
    case "mark-not-written":
    case "add-card":
      return handleAdminLifecycle(context, admin, params.id, formData);
    default:
      return unknownIntent();
  }
  const submission = parseWithZod(formData, {
    schema: cardPageSchemas((url) => isStoredProfileImageUrl(context.config, url)).edit,
  });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    await updateCardPageWithOwner(context.db, params.id, submission.value);
    return redirectWithToast("/admin-dashboard/cards", {
      type: "success",
      title: "Card page updated",
      description: "The card page has been updated successfully",
    });
  } catch (error) {
    return cardFormFailure(submission, error, context.logger, "Failed to update card page");
  }
}

export default function EditCard({ loaderData, actionData }: Route.ComponentProps) {
  const { card } = loaderData;
  if (!card) {
    return (
      <section className="mx-auto max-w-lg py-12 text-center">
        <h2 className="text-2xl font-bold">Card Not Found</h2>
        <p className="mt-3 text-slate-600">Card page not found. Please return to the dashboard.</p>
        <ButtonLink to="/admin-dashboard/cards" className="mt-6">
          Back to Dashboard
        </ButtonLink>
      </section>
    );
  }
  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold">Edit Card #{card.cardNumber}</h2>
        <div className="flex flex-wrap gap-3">
          <ButtonLink to={`/admin-dashboard/edit/${card.id}/design`} variant="secondary">
            <Palette className="size-4" aria-hidden="true" /> Design
          </ButtonLink>
          <ButtonLink to="/admin-dashboard/cards" variant="secondary">
            <ArrowLeft className="size-4" aria-hidden="true" /> Back to Dashboard
          </ButtonLink>
        </div>
      </div>
      <CardForm
        key={card.id}
        mode="edit"
        shops={loaderData.shops}
        publicUrl={loaderData.publicUrl}
        lastResult={actionData && "result" in actionData ? actionData.result : undefined}
        clicksByLink={loaderData.clicksByLink}
        defaultValue={{
          name: card.name,
          businessName: card.businessName ?? "",
          slug: card.slug,
          password: "",
          contactEmail: card.contactEmail ?? "",
          contactPhone: card.contactPhone ?? "",
          shopId: card.shopId ?? "",
          ownerEmail: loaderData.ownerEmail,
          profileImageUrl: card.profileImageUrl ?? "",
          bio: card.bio ?? "",
          links: card.links,
        }}
      />
      {loaderData.lifecycle ? (
        <CardLifecycleAdmin
          lifecycle={loaderData.lifecycle}
          history={loaderData.history}
          publicUrl={loaderData.publicUrl}
          slug={card.slug}
        />
      ) : null}
    </section>
  );
}
