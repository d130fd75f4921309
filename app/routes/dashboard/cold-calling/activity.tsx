// Cold Calling, Activity tab: the timeline of the customer's prospects (status changes and notes, newest first),
// for all of them or one (?prospect=), and adding a note to that one.
import { Link } from "react-router";
import { ActivityList, AddNoteForm } from "~/components/dashboard/prospect-activity";
import { EmptyState } from "~/components/layout/page-heading";
import { Pager } from "~/components/ui/pager";
import { PROSPECT_STATUS_LABELS } from "~/schemas/prospect-options";
import { requireUser } from "~/server/accounts/session.server";
import { loadActivity } from "~/server/cold-calling/prospect-activity.server";
import { handleActivityAction } from "~/server/cold-calling/prospect-activity-actions.server";
import { readFormData } from "~/server/platform/forms.server";
import { privatePage } from "~/utils/seo";
import type { Route } from "./+types/activity";

export const meta = () =>
  privatePage("Cold Calling: Activity", "Every call and note on your prospects, newest first.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  return loadActivity(context.db, user.id, new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await readFormData(request);
  return handleActivityAction(context, user, form);
}

export default function ColdCallingActivity({ loaderData, actionData }: Route.ComponentProps) {
  const { prospect, entries, page, hasNext } = loaderData;
  const noteResult = actionData && "form" in actionData ? actionData.result : undefined;
  const base = prospect
    ? `/dashboard/cold-calling/activity?prospect=${prospect.id}&`
    : "/dashboard/cold-calling/activity?";
  return (
    <div className="space-y-6">
      {prospect ? (
        <section aria-labelledby="prospect-heading" className="space-y-3">
          <p className="text-sm">
            <Link to="/dashboard/cold-calling/activity" className="font-semibold text-brand-700 underline">
              All activity
            </Link>
          </p>
          <h2 id="prospect-heading" className="text-lg font-bold">
            {prospect.businessName}{" "}
            <span className="font-normal text-slate-600">({PROSPECT_STATUS_LABELS[prospect.status]})</span>
          </h2>
          <AddNoteForm
            key={prospect.id}
            prospectId={prospect.id}
            businessName={prospect.businessName}
            lastResult={noteResult}
          />
        </section>
      ) : null}
      <section aria-labelledby="timeline-heading" className="space-y-3">
        <h2 id="timeline-heading" className="text-lg font-bold">
          {prospect ? "Timeline" : "All activity"}
        </h2>
        {entries.length ? (
          <ActivityList
            entries={entries}
            label={prospect ? `Timeline of ${prospect.businessName}` : "Activity timeline"}
            showBusiness={!prospect}
          />
        ) : (
          <EmptyState title="No activity yet">
            <p>Status changes and notes appear here, newest first.</p>
          </EmptyState>
        )}
        <Pager label="Activity pagination" page={page} hasNext={hasNext} href={(p) => `${base}page=${p}`} />
      </section>
    </div>
  );
}
