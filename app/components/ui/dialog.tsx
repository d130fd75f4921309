// A modal dialog on the native <dialog> element: focus moves in and is trapped by the browser, Escape closes.
// Rendered open on the server, so the step is visible (in the page flow) without JavaScript too.
import { X } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Link } from "react-router";

export function Dialog({
  title,
  closeTo,
  onClose,
  children,
}: {
  title: string;
  /** Where closing the dialog goes (a link, so it works without JavaScript). */
  closeTo: string;
  onClose: () => void;
  children: React.ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    if (dialog.open) dialog.close();
    dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus?.();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      open
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="relative inset-0 z-50 m-auto w-[min(40rem,calc(100vw-1.5rem))] max-h-[calc(100vh-2rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50 [&:modal]:fixed"
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
        <h2 id={titleId} className="text-lg font-bold">
          {title}
        </h2>
        <Link
          to={closeTo}
          aria-label="Close"
          onClick={(e) => {
            e.preventDefault();
            onClose();
          }}
          className="inline-flex h-11 w-11 items-center justify-center rounded-md hover:bg-slate-100"
        >
          <X aria-hidden className="h-5 w-5" />
        </Link>
      </div>
      <div className="px-5 py-4">{children}</div>
    </dialog>
  );
}
