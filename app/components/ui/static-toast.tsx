// The toast of a page that does not hydrate React: rendered on the server, it fades out by itself (app.css). It
// sits under the site header, where the other toasts sit (toaster.tsx), so it covers none of the header's links.

import { cn } from "~/utils/cn";
import type { ToastMessage } from "~/utils/toast";

export function StaticToast({ toast }: { toast: ToastMessage | null }) {
  if (!toast) return null;
  return (
    <div
      role={toast.type === "error" ? "alert" : "status"}
      className={cn(
        "static-toast fixed inset-x-4 top-20 z-50 mx-auto max-w-sm rounded-lg border bg-white p-4 text-sm shadow-lg",
        toast.type === "error" ? "border-red-300" : "border-slate-200",
      )}
    >
      <p className={cn("font-semibold", toast.type === "error" ? "text-red-800" : "text-slate-900")}>
        {toast.title}
      </p>
      {toast.description ? <p className="mt-1 text-slate-700">{toast.description}</p> : null}
    </div>
  );
}
