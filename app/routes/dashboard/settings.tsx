import { useRouteLoaderData } from "react-router";
import { PageHeading } from "~/components/layout/page-heading";
import type { loader } from "./layout";

export const meta = () => [{ title: "Settings" }];

export default function DashboardSettings() {
  const data = useRouteLoaderData<typeof loader>("routes/dashboard/layout");
  return (
    <>
      <PageHeading title="Settings" />
      <dl className="grid gap-4 rounded-xl border border-slate-200 p-5 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-600">Name</dt>
          <dd className="font-medium">{data?.user.name}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Email</dt>
          <dd className="font-medium">{data?.user.email}</dd>
        </div>
      </dl>
    </>
  );
}
