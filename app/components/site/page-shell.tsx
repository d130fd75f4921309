// Shared frames for the marketing and legal pages.
import { cn } from "~/utils/cn";

export function PageShell({
  title,
  intro,
  children,
  wide = false,
}: {
  title: string;
  intro?: React.ReactNode;
  children: React.ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={cn("mx-auto px-4 py-12 sm:py-16", wide ? "max-w-6xl" : "max-w-3xl")}>
      <header className="mb-10 text-center">
        <h1 className="text-3xl font-extrabold tracking-tight text-brand-900 sm:text-4xl">{title}</h1>
        {intro ? <div className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">{intro}</div> : null}
      </header>
      {children}
    </div>
  );
}

/** A numbered or plain section of a policy page. */
export function PolicySection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mt-8">
      <h2 className="text-xl font-bold text-slate-900">{title}</h2>
      <div className="mt-3 space-y-3 text-slate-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6">
        {children}
      </div>
    </section>
  );
}

export function LastUpdated({ date }: { date: string }) {
  return <p className="text-center text-sm text-slate-600">Last updated: {date}</p>;
}
