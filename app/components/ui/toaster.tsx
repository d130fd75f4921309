// The toast library, loaded on demand by ToastHost (see app/utils/toast.ts).
import { useEffect } from "react";
import { Toaster, toast } from "sonner";
import { attachToaster } from "~/utils/toast";

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
  return <Toaster position="top-center" richColors closeButton />;
}
