import { ButtonLink } from "~/components/ui/button";
import { useRootData } from "~/root";

export const meta = () => [
  { title: "Tap-to-share NFC cards | TapCard" },
  {
    name: "description",
    content: "Share your links with one tap. NFC cards that open your page on any phone, no app needed.",
  },
];

export default function Home() {
  const root = useRootData();
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-6xl px-4 py-20 text-center sm:py-28">
        <h1 className="text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">
          Share everything with one tap
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-700">
          {root?.site.name ?? "Our"} NFC cards open your links on any phone. No app needed.
        </p>
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/order-card" className="px-6 text-base">
            Get Your Card
          </ButtonLink>
          <ButtonLink to="/pricing" variant="secondary" className="px-6 text-base">
            View Pricing
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
