// A card's Design page, the owner's (My Cards -> Design) and the admin's (the card form's 'Design'): the design
// form with its preview, the cover and logo, the links shown, hidden and in order, and 'Reset to default'.
import { Link } from "react-router";
import { PageHeading } from "~/components/layout/page-heading";
import type { CardDesign } from "~/utils/card-design/options";
import type { SubmissionResult } from "~/utils/form";
import { CardDesignForm, ResetDesignForm } from "./card-design-form";
import { CardDesignImages } from "./card-design-images";
import { CardDesignLinks, type DesignLink } from "./card-design-links";

export interface CardDesignPageData {
  card: { cardNumber: string; name: string };
  design: CardDesign;
  adjustments: { variant: string; chosen: string; used: string }[];
  previewSrc: string;
  previewing: boolean;
  isDefault: boolean;
  images: { cover: string | null; logo: string | null };
  links: DesignLink[];
}

export function CardDesignPage({
  data,
  answer,
  action,
  previewUrl,
  back,
}: {
  data: CardDesignPageData;
  answer: unknown;
  /** The page's own address, which takes its posts. */
  action: string;
  previewUrl: string;
  back: { to: string; label: string };
}) {
  const { card, design, adjustments, previewSrc, links, isDefault, previewing } = data;
  const result =
    answer && typeof answer === "object" && "result" in answer
      ? (answer.result as SubmissionResult | undefined)
      : undefined;
  return (
    <>
      <p className="mb-4 text-sm">
        <Link to={back.to} className="font-semibold text-brand-700 underline">
          {back.label}
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
        action={action}
        previewUrl={previewUrl}
        design={design}
        adjustments={adjustments}
        previewSrc={previewSrc}
        lastResult={result}
      />
      <section className="mt-10" aria-labelledby="design-images">
        <h2 id="design-images" className="mb-4 text-xl font-semibold text-slate-900">
          Cover and logo
        </h2>
        <CardDesignImages action={action} images={data.images} />
      </section>
      <section className="mt-10" aria-labelledby="design-links">
        <h2 id="design-links" className="text-xl font-semibold text-slate-900">
          Links on your page
        </h2>
        <p className="mt-1 mb-4 text-slate-600">
          Hide a link or change the order at once, for free. To add, remove or change a link, use My Links.
        </p>
        <CardDesignLinks action={action} links={links} />
      </section>
      {isDefault ? null : (
        <section className="mt-10">
          <ResetDesignForm action={action} />
        </section>
      )}
    </>
  );
}
