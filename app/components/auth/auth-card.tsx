import { Form } from "react-router";

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

/** Google and Apple sign-in: posts to the page's action, which redirects to the provider or says it is not available. */
export function SocialButtons() {
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-sm text-slate-500">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <Form method="post" className="grid grid-cols-2 gap-3">
        <input type="hidden" name="intent" value="social" />
        <button
          type="submit"
          name="provider"
          value="google"
          className="min-h-11 rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold hover:bg-slate-50"
        >
          Continue with Google
        </button>
        <button
          type="submit"
          name="provider"
          value="apple"
          className="min-h-11 rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold hover:bg-slate-50"
        >
          Continue with Apple
        </button>
      </Form>
    </div>
  );
}
