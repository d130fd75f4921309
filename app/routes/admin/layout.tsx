// The admin dashboard's frame: heading, who is signed in and the section links; each section is a nested route.
import { Outlet } from "react-router";
import { AdminNav } from "~/components/admin/admin-nav";
import { requireAdmin } from "~/server/accounts/session.server";
import type { Route } from "./+types/layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(context, request);
  return { admin: { name: admin.name, email: admin.email } };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold sm:text-3xl">Admin Dashboard</h1>
        <p className="text-sm text-slate-600">Signed in as {loaderData.admin.email}</p>
      </div>
      <AdminNav />
      <div className="pt-6">
        <Outlet />
      </div>
    </div>
  );
}
