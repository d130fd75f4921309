// My Cards -> Brand kit (/dashboard/cards/{WC1234}/brand-kit): an e-mail signature, a video-call background and
// QR codes for print, each pointing at the card's QR address. The files themselves come from brand-kit-files.ts.
import { Link } from "react-router";
import {
  BackgroundSection,
  PrintQrSection,
  SignatureSection,
} from "~/components/dashboard/brand-kit-sections";
import { PageHeading } from "~/components/layout/page-heading";
import { requireUser } from "~/server/accounts/session.server";
import { brandKitCard, brandKitPageData } from "~/server/cards/brand-kit.server";
import { privatePage } from "~/utils/seo";
import type { Route } from "./+types/brand-kit";

export const meta = () =>
  privatePage("Brand kit", "Your card's e-mail signature, video-call background and QR codes for print.");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const card = await brandKitCard(context.db, user, params.cardNumber);
  return brandKitPageData(card, context.config.publicUrl);
}

export default function DashboardBrandKit({ loaderData }: Route.ComponentProps) {
  const { card } = loaderData;
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
        title={`Brand kit of ${card.name}`}
        intro="Your card everywhere you meet people: in your e-mails, behind you on video calls and in print."
      />
      <SignatureSection data={loaderData} />
      <BackgroundSection data={loaderData} />
      <PrintQrSection data={loaderData} />
    </>
  );
}
