// My Cards -> Design (/dashboard/cards/{WC1234}/design): the card page's design, its links shown, hidden and in
// order, and a preview. 'Preview' without JavaScript comes back here with the choices in the address (?preview=1).
import { Link } from "react-router";
import { CardDesignForm, ResetDesignForm } from "~/components/dashboard/card-design-form";
import { CardDesignImages } from "~/components/dashboard/card-design-images";
import { CardDesignLinks } from "~/components/dashboard/card-design-links";
import { PageHeading } from "~/components/layout/page-heading";
import { chosenBrand, designDraft } from "~/schemas/card-design";
import { requireUser } from "~/server/accounts/session.server";
import { loadCardDesign } from "~/server/cards/card-design.server";
import { handleCardDesignAction } from "~/server/cards/card-design-actions.server";
import { readFormData } from "~/server/platform/forms.server";
import { brandAdjustments } from "~/utils/card-design/design";
import { privatePage } from "~/utils/seo";
import type { Route } from "./+types/card-design";

export const meta = () =>
  privatePage("Card design", "How your card page looks: theme, colour, buttons and font.");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const saved = await loadCardDesign(context.db, user, params.cardNumber);
  const query = new URL(request.url).searchParams;
  const previewing = query.get("preview") === "1";
  const design = previewing ? designDraft(query) : saved.design;
  const previewQuery = new URLSearchParams(previewing ? query : Object.entries(saved.design));
  previewQuery.delete("preview");
  return {
    ...saved,
    design,
    previewing,
    adjustments: previewing ? brandAdjustments(design) : saved.adjustments,
    previewSrc: `/dashboard/cards/${saved.card.cardNumber}/preview?${previewQuery}`,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await readFormData(request);
  form.set("brand", chosenBrand(form));
  return handleCardDesignAction(context, user, params.cardNumber, form);
}

export default function DashboardCardDesign({ loaderData, actionData }: Route.ComponentProps) {
  const { card, design, adjustments, previewSrc, links, isDefault, previewing } = loaderData;
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  return (
    <>
      <p className="mb-4 text-sm">
        <Link
          to={`/dashboard/cards?card=${card.cardNumber}`}
          className="font-semibold text-brand-700 underline"
        >
          Back to {card.name}
        </Link>
      </p>
      <PageHeading
        title={`Design of ${card.name}'s page`}
        intro="Choose how your card page looks. Changing the design is free."
      />
      {previewing ? (
        <p role="status" className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          This is a preview: save to put it on your page.
        </p>
      ) : null}
      <CardDesignForm
        key={previewSrc}
        cardNumber={card.cardNumber}
        design={design}
        adjustments={adjustments}
        previewSrc={previewSrc}
        lastResult={result}
      />
      <section className="mt-10" aria-labelledby="design-images">
        <h2 id="design-images" className="mb-4 text-xl font-semibold text-slate-900">
          Cover and logo
        </h2>
        <CardDesignImages cardNumber={card.cardNumber} images={loaderData.images} />
      </section>
      <section className="mt-10" aria-labelledby="design-links">
        <h2 id="design-links" className="text-xl font-semibold text-slate-900">
          Links on your page
        </h2>
        <p className="mt-1 mb-4 text-slate-600">
          Hide a link or change the order at once, for free. To add, remove or change a link, use My Links.
        </p>
        <CardDesignLinks cardNumber={card.cardNumber} links={links} />
      </section>
      {isDefault ? null : (
        <section className="mt-10">
          <ResetDesignForm cardNumber={card.cardNumber} />
        </section>
      )}
    </>
  );
}
