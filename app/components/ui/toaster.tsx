// The toast library, loaded on demand by ToastHost (see app/utils/toast.ts).
import { useEffect } from "react";
import { Toaster, toast } from "sonner";
import { attachToaster } from "~/utils/toast";

/**
 * Toasts sit just under the sticky site header (about 4.3rem: 2.75rem controls and 0.75rem padding each side), so
 * they never cover its links; on a phone they keep 16 px from each side. StaticToast uses the same top (top-20).
 */
const BELOW_HEADER = { top: "5rem" };

export default function LazyToaster() {
  useEffect(
    () =>
      attachToaster((m) => {
        const show = m.type === "error" ? toast.error : m.type === "success" ? toast.success : toast;
        // Deferred one tick so a toast queued before mount appears once the Toaster is listening.
        setTimeout(() => show(m.title, { id: m.id, description: m.description }), 0);
      }),
    [],
  );
  return <Toaster position="top-center" offset={BELOW_HEADER} mobileOffset={BELOW_HEADER} closeButton />;
}
