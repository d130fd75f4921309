// Settings, Profile tab.
import { useRouteLoaderData } from "react-router";
import type { loader } from "../layout";

export const meta = () => [{ title: "Profile settings" }];

export default function ProfileSettings() {
  const data = useRouteLoaderData<typeof loader>("routes/dashboard/layout");
  return (
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
  );
}
