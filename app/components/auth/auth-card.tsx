import { Form } from "react-router";
import type { SocialProvider } from "~/schemas/auth";

export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: React.ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {intro ? <p className="mt-2 text-slate-600">{intro}</p> : null}
        <div className="mt-6 space-y-5">{children}</div>
      </div>
    </section>
  );
}

const LABELS: Record<SocialProvider, string> = { google: "Google", apple: "Apple" };

/** Google and Apple sign-in for the configured providers only: posts to the page's action, which redirects. */
export function SocialButtons({ providers }: { providers: SocialProvider[] }) {
  if (providers.length === 0) return null;
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-sm text-slate-500">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <Form method="post" className={providers.length > 1 ? "grid grid-cols-2 gap-3" : "grid gap-3"}>
        <input type="hidden" name="intent" value="social" />
        {providers.map((provider) => (
          <button
            key={provider}
            type="submit"
            name="provider"
            value={provider}
            className="min-h-11 rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold hover:bg-slate-50"
          >
            Continue with {LABELS[provider]}
          </button>
        ))}
      </Form>
    </div>
  );
}
