// Cold Calling, Overview tab: the customer's prospect figures and their five most recent activities.
import { Link } from "react-router";
import { ActivityList, ProspectStatCards } from "~/components/dashboard/prospect-activity";
import { EmptyState } from "~/components/layout/page-heading";
import { requireUser } from "~/server/accounts/session.server";
import { loadColdCallingOverview } from "~/server/cold-calling/prospect-activity.server";
import { privatePage } from "~/utils/seo";
import type { Route } from "./+types/overview";

export const meta = () =>
  privatePage(
    "Cold Calling: Overview",
    "Your cold calling at a glance: prospects by status and your latest calls.",
  );

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  return loadColdCallingOverview(context.db, user.id);
}

export default function ColdCallingOverview({ loaderData }: Route.ComponentProps) {
  const { stats, recent } = loaderData;
  return (
    <div className="space-y-6">
      <section aria-label="Your figures">
        <ProspectStatCards stats={stats} />
      </section>
      <section aria-labelledby="recent-activity-heading" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="recent-activity-heading" className="text-lg font-bold">
            Recent activity
          </h2>
          {recent.length ? (
            <Link
              to="/dashboard/cold-calling/activity"
              className="text-sm font-semibold text-brand-700 underline"
            >
              All activity
            </Link>
          ) : null}
        </div>
        {recent.length ? (
          <ActivityList entries={recent} label="Recent activity" />
        ) : (
          <EmptyState title="No activity yet">
            <p>
              Status changes and notes on your{" "}
              <Link to="/dashboard/cold-calling/prospects" className="font-semibold text-brand-700 underline">
                prospects
              </Link>{" "}
              appear here.
            </p>
          </EmptyState>
        )}
      </section>
    </div>
  );
}
