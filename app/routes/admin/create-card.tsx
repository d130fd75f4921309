import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft } from "lucide-react";
import { data } from "react-router";
import { CardForm } from "~/components/admin/card-form/card-form";
import { ButtonLink } from "~/components/ui/button";
import { cardPageSchemas } from "~/schemas/card-page";
import { requireAdmin } from "~/server/accounts/session.server";
import { cardFormFailure } from "~/server/cards/admin-actions.server";
import { createCardPageWithOwner } from "~/server/cards/card-owners.server";
import { listShops } from "~/server/cards/shops.server";
import { readFormData } from "~/server/platform/forms.server";
import { isStoredProfileImageUrl } from "~/server/platform/storage.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { generateEditPassword } from "~/utils/edit-password";
import type { Route } from "./+types/create-card";

export const meta = () => [{ title: "Create New Card Page" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  return {
    shops: await listShops(context.db),
    password: generateEditPassword(),
    publicUrl: context.config.publicUrl,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, {
    schema: cardPageSchemas((url) => isStoredProfileImageUrl(context.config, url)).create,
  });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const card = await createCardPageWithOwner(context.db, submission.value);
    return redirectWithToast("/admin-dashboard/cards", {
      type: "success",
      title: "Card page created",
      description: `New card #${card.cardNumber} has been created successfully`,
    });
  } catch (error) {
    return cardFormFailure(
      submission,
      error,
      context.logger,
      "Failed to create card page. Please try again.",
    );
  }
}

export default function CreateCard({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold">Create New Card Page</h2>
        <ButtonLink to="/admin-dashboard/cards" variant="secondary">
          <ArrowLeft className="size-4" aria-hidden="true" /> Back to Dashboard
        </ButtonLink>
      </div>
      <CardForm
        mode="create"
        shops={loaderData.shops}
        publicUrl={loaderData.publicUrl}
        lastResult={actionData?.result}
        defaultValue={{
          name: "",
          businessName: "",
          slug: "",
          password: loaderData.password,
          contactEmail: "",
          contactPhone: "",
          shopId: "",
          ownerEmail: "",
          profileImageUrl: "",
          bio: "",
          links: [{ title: "Website", url: "", icon: "globe" }],
        }}
      />
    </section>
  );
}
