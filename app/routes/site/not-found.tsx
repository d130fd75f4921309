import { data, Link } from "react-router";
import { staticPage } from "~/utils/page-scripts";

// Plain HTML: this page ships no JavaScript.
export const handle = staticPage;

export const meta = () => [{ title: "Page not found" }];

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="mt-4 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="mt-8 inline-block rounded-md bg-brand-600 px-5 py-3 font-semibold text-white">
        Back to home
      </Link>
    </section>
  );
}
