// Cold Calling, Prospects tab: the customer's prospects with filters and paging, a status form per row, adding
// one by hand and importing a CSV file (the export is prospects-csv.ts).
import {
  AddProspectForm,
  ImportProspectsForm,
  type ImportResult,
} from "~/components/dashboard/prospect-forms";
import {
  ProspectFiltersForm,
  ProspectsEmpty,
  ProspectsPager,
  ProspectsTable,
} from "~/components/dashboard/prospects";
import { requireUser } from "~/server/accounts/session.server";
import { loadProspects } from "~/server/cold-calling/prospects.server";
import { handleProspectsAction } from "~/server/cold-calling/prospects-actions.server";
import { readFormData } from "~/server/platform/forms.server";
import { privatePage } from "~/utils/seo";
import type { Route } from "./+types/prospects";

export const meta = () =>
  privatePage("Cold Calling: Prospects", "The businesses you are calling, their status and your notes.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  return loadProspects(context.db, user.id, new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await readFormData(request);
  return handleProspectsAction(context, user, form);
}

export default function ColdCallingProspects({ loaderData, actionData }: Route.ComponentProps) {
  const added =
    actionData && "form" in actionData && actionData.form === "add" ? actionData.result : undefined;
  const imported =
    actionData && "form" in actionData && actionData.form === "import"
      ? (actionData as ImportResult)
      : undefined;
  return (
    <div className="space-y-6">
      {loaderData.hasAny ? (
        <section aria-labelledby="prospects-heading" className="space-y-4">
          <h2 id="prospects-heading" className="text-lg font-bold">
            Your prospects <span className="font-normal text-slate-600">({loaderData.total})</span>
          </h2>
          <ProspectFiltersForm data={loaderData} />
          <ProspectsTable data={loaderData} />
          <ProspectsPager data={loaderData} />
        </section>
      ) : (
        <ProspectsEmpty />
      )}
      <AddProspectForm types={loaderData.types} lastResult={added} />
      <ImportProspectsForm result={imported} />
    </div>
  );
}
