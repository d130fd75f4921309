export function PageHeading({ title, intro }: { title: string; intro?: string }) {
  return (
    <div className="mb-6">
      {/* A long name or e-mail address breaks rather than widen a phone's page. */}
      <h1 className="break-words text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      {intro ? <p className="mt-2 break-words text-slate-600">{intro}</p> : null}
    </div>
  );
}

/** What a section shows while it has nothing in it. */
export function EmptyState({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
      <p className="font-semibold text-slate-800">{title}</p>
      {children ? <div className="mt-2 text-sm text-slate-600">{children}</div> : null}
    </div>
  );
}
