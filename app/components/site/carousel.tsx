// A slide carousel rendered on the server and enhanced by islands/carousel.ts: on pages without React in the
// browser the page's carousel script does it, after a client-side navigation this component's effect does.
import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { useIsland } from "~/utils/use-island";

export interface Slide {
  title: string;
  body: string;
  icon?: React.ReactNode;
}

export function Carousel({
  label,
  unit,
  slides,
  headingLevel = 3,
}: {
  /** Accessible name of the whole carousel, e.g. "How it works". */
  label: string;
  /** Word for one slide in 'Step n of N'. */
  unit: "Step" | "Feature";
  slides: Slide[];
  headingLevel?: 2 | 3;
}) {
  const ref = useIsland<HTMLElement>(() => import("~/islands/carousel").then((m) => m.enhanceCarousel));

  const n = slides.length;
  const Heading = `h${headingLevel}` as const;
  const round = "inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-700";
  const outlined = `${round} border border-slate-300 bg-white hover:bg-slate-50`;
  return (
    <section
      ref={ref}
      data-carousel
      data-unit={unit}
      data-settled="true"
      aria-roledescription="carousel"
      aria-label={label}
      className="group/carousel mx-auto w-full max-w-2xl"
    >
      {/* Without the script the slides scroll sideways by hand; once enhanced, Embla moves them. */}
      <div
        data-carousel-viewport
        className="snap-x snap-mandatory overflow-x-auto rounded-2xl [scrollbar-width:none] group-data-enhanced/carousel:overflow-hidden"
      >
        <div className="flex touch-pan-y">
          {slides.map((s, i) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names each slide as a group
            <div
              key={s.title}
              data-carousel-slide
              role="group"
              aria-roledescription="slide"
              aria-label={`${unit} ${i + 1} of ${n}`}
              className="min-w-0 shrink-0 grow-0 basis-full snap-start px-1"
            >
              <div className="flex h-full min-h-56 flex-col items-center justify-center rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
                {s.icon ? (
                  <div className="mb-4 rounded-full bg-brand-50 p-3 text-brand-700">{s.icon}</div>
                ) : null}
                <Heading className="text-xl font-bold text-slate-900">{s.title}</Heading>
                <p className="mt-3 text-slate-700">{s.body}</p>
              </div>
            </div>
          ))}
        </div>
      </div>
      <div className="mt-4 flex items-center justify-between gap-2">
        <button
          type="button"
          data-carousel-prev
          className={outlined}
          aria-label={`Previous ${unit.toLowerCase()}`}
        >
          <ChevronLeft aria-hidden className="h-5 w-5" />
        </button>
        <div className="flex flex-col items-center gap-2">
          <p data-carousel-status className="text-sm font-medium text-slate-700" aria-live="polite">
            {unit} 1 of {n}
          </p>
          <div className="flex items-center">
            {slides.map((s, i) => (
              <button
                key={s.title}
                type="button"
                data-carousel-dot={i}
                aria-label={`Go to ${unit.toLowerCase()} ${i + 1}`}
                aria-current={i === 0 ? "true" : undefined}
                className="group inline-flex h-8 w-8 items-center justify-center"
              >
                <span className="block h-2.5 w-2.5 rounded-full bg-slate-400 transition-all group-hover:bg-slate-500 group-aria-[current=true]:w-6 group-aria-[current=true]:bg-brand-600" />
              </button>
            ))}
          </div>
        </div>
        <div className="flex gap-1">
          <button
            type="button"
            data-carousel-toggle
            className={`${round} hover:bg-slate-100`}
            aria-label="Play automatic slides"
          >
            <Pause aria-hidden className="hidden h-4 w-4 group-data-[playing=true]/carousel:block" />
            <Play aria-hidden className="h-4 w-4 group-data-[playing=true]/carousel:hidden" />
          </button>
          <button
            type="button"
            data-carousel-next
            className={outlined}
            aria-label={`Next ${unit.toLowerCase()}`}
          >
            <ChevronRight aria-hidden className="h-5 w-5" />
          </button>
        </div>
      </div>
    </section>
  );
}
