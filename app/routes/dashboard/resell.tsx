// Dashboard Resell section: the customer's referral link and QR code, their referral figures, recent
// referrals and payouts. Read only: nothing on it is posted.

import {
  HowItWorks,
  PayoutsPanel,
  RecentReferrals,
  ReferralLinkPanel,
  ResellStats,
} from "~/components/dashboard/resell";
import { PageHeading } from "~/components/layout/page-heading";
import { requireUser } from "~/server/accounts/session.server";
import { loadResell } from "~/server/referrals/resell.server";
import { privatePage } from "~/utils/seo";
import type { Route } from "./+types/resell";

export const meta = () =>
  privatePage("Resell", "Your referral link and QR code, the orders you referred and your commissions.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  return loadResell(context.db, user.id, context.config.publicUrl);
}

export default function DashboardResell({ loaderData }: Route.ComponentProps) {
  const { link, qr, stats, referrals, payouts } = loaderData;
  return (
    <>
      <PageHeading
        title="Resell"
        intro="Share your referral link: your friends get a discount and you earn a commission on every card."
      />
      <div className="space-y-6">
        <ReferralLinkPanel link={link} qr={qr} />
        <ResellStats stats={stats} />
        <PayoutsPanel stats={stats} payouts={payouts} />
        <RecentReferrals referrals={referrals} />
        <HowItWorks />
      </div>
    </>
  );
}
