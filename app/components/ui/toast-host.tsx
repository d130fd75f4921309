import { lazy, Suspense, useEffect, useState } from "react";
import { notify, onFirstToast, type ToastMessage } from "~/utils/toast";

const LazyToaster = lazy(() => import("./toaster"));

/** Shows the toast carried by the root data (set by the server) and any notify() calls. */
export function ToastHost({ toast }: { toast: ToastMessage | null }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => onFirstToast(() => setMounted(true)), []);
  useEffect(() => {
    if (toast) notify(toast);
  }, [toast]);
  return mounted ? (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  ) : null;
}
