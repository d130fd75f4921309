// Account -> Default design for new cards (/admin-dashboard/default-design): the design every new card page starts
// in, and what an owner's 'Reset to default' goes back to. Pages that exist keep theirs.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { CardDesignForm, ResetDesignForm } from "~/components/dashboard/card-design-form";
import { PageHeading } from "~/components/layout/page-heading";
import { CardDesignSchema, chosenBrand, designFromStored } from "~/schemas/card-design";
import { requireAdmin } from "~/server/accounts/session.server";
import { designFormView } from "~/server/cards/card-design.server";
import { setShopDefaultDesign, shopDefaultDesign } from "~/server/cards/default-design.server";
import { readFormData, unknownIntent } from "~/server/platform/forms.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/default-design";

const PAGE = "/admin-dashboard/default-design";

export const meta = () => [{ title: "Default design for new cards" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const saved = await shopDefaultDesign(context.db);
  return { custom: saved !== null, ...designFormView(designFromStored(saved), request, `${PAGE}/preview`) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const form = await readFormData(request);
  switch (form.get("intent")) {
    case "save-design": {
      form.set("brand", chosenBrand(form));
      const submission = parseWithZod(form, { schema: CardDesignSchema });
      if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
      await setShopDefaultDesign(context.db, submission.value);
      return redirectWithToast(PAGE, { type: "success", title: "Default design saved" });
    }
    case "reset-design":
      await setShopDefaultDesign(context.db, null);
      return redirectWithToast(PAGE, { type: "success", title: "Default design reset" });
    default:
      return unknownIntent();
  }
}

export default function AdminDefaultDesign({ loaderData, actionData }: Route.ComponentProps) {
  const { design, adjustments, previewSrc, previewing, custom } = loaderData;
  return (
    <>
      <p className="mb-4 text-sm">
        <Link to="/admin-dashboard/account" className="font-semibold text-brand-700 underline">
          Back to your account
        </Link>
      </p>
      <PageHeading
        title="Default design for new cards"
        intro="Every new card page starts in this design; its owner can change it. Pages that exist keep theirs."
      />
      {previewing ? (
        <p role="status" className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          This is a preview: save to make it the default.
        </p>
      ) : null}
      <CardDesignForm
        key={previewSrc}
        action={PAGE}
        previewUrl={`${PAGE}/preview`}
        design={design}
        adjustments={adjustments}
        previewSrc={previewSrc}
        lastResult={actionData && "result" in actionData ? actionData.result : undefined}
      />
      {custom ? (
        <section className="mt-10">
          <ResetDesignForm action={PAGE} />
        </section>
      ) : null}
    </>
  );
}
