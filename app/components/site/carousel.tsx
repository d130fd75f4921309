// A slide carousel on Embla: 6 s autoplay (paused while dragging, off for reduced motion), a swipe of more than
// 80 px moves one slide, dots, arrow keys, and a 600 ms lock so rapid clicks do not skip slides.
import Autoplay from "embla-carousel-autoplay";
import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { cn } from "~/utils/cn";

export const CAROUSEL = { autoplayMs: 6000, lockMs: 600, swipePx: 80 } as const;

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
  const autoplay = useRef(
    Autoplay({ delay: CAROUSEL.autoplayMs, stopOnInteraction: false, playOnInit: false }),
  );
  const [viewportRef, api] = useEmblaCarousel({ loop: true, duration: 30 }, [autoplay.current]);
  const [selected, setSelected] = useState(0);
  const [playing, setPlaying] = useState(false);
  const lockedUntil = useRef(0);
  const dragStartX = useRef<number | null>(null);
  const dragStartIndex = useRef(0);

  const go = useCallback(
    (index: number) => {
      if (!api || Date.now() < lockedUntil.current) return;
      lockedUntil.current = Date.now() + CAROUSEL.lockMs;
      api.scrollTo(index);
    },
    [api],
  );

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    const onPlay = () => setPlaying(true);
    const onStop = () => setPlaying(false);
    api.on("select", onSelect).on("autoplay:play", onPlay).on("autoplay:stop", onStop);
    onSelect();
    if (!window.matchMedia("(prefers-reduced-motion: reduce)").matches) autoplay.current.play();
    return () => {
      api.off("select", onSelect).off("autoplay:play", onPlay).off("autoplay:stop", onStop);
    };
  }, [api]);

  // Embla drags the slides; where they settle follows the spec's rule instead of Embla's physics:
  // a move of more than 80 px goes one slide (right = previous, left = next), anything less snaps back.
  useEffect(() => {
    if (!api) return;
    const viewport = api.rootNode();
    let dx = 0;
    const down = (e: PointerEvent) => {
      dragStartX.current = e.clientX;
      dragStartIndex.current = api.selectedScrollSnap();
    };
    // Pointer events come before the mouse/touch events Embla listens to, so dx is known when Embla's
    // own pointerUp fires, after it has picked its target; the target is then replaced.
    const up = (e: PointerEvent) => {
      if (dragStartX.current !== null) dx = e.clientX - dragStartX.current;
      dragStartX.current = null;
    };
    const settle = () => {
      const count = api.scrollSnapList().length;
      const from = dragStartIndex.current;
      const target = Math.abs(dx) > CAROUSEL.swipePx ? (from + (dx < 0 ? 1 : -1) + count) % count : from;
      dx = 0;
      lockedUntil.current = Date.now() + CAROUSEL.lockMs;
      api.scrollTo(target);
    };
    viewport.addEventListener("pointerdown", down);
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", up);
    api.on("pointerUp", settle);
    return () => {
      viewport.removeEventListener("pointerdown", down);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", up);
      api.off("pointerUp", settle);
    };
  }, [api]);

  const n = slides.length;
  const Heading = `h${headingLevel}` as const;
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "ArrowLeft") {
      e.preventDefault();
      go((selected - 1 + n) % n);
    } else if (e.key === "ArrowRight") {
      e.preventDefault();
      go((selected + 1) % n);
    }
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className="mx-auto w-full max-w-2xl"
      onKeyDown={onKeyDown}
    >
      <div ref={viewportRef} className="overflow-hidden rounded-2xl">
        <div className="flex touch-pan-y">
          {slides.map((s, i) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names each slide as a group
            <div
              key={s.title}
              role="group"
              aria-roledescription="slide"
              aria-label={`${unit} ${i + 1} of ${n}`}
              aria-hidden={i !== selected}
              className="min-w-0 shrink-0 grow-0 basis-full px-1"
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
          onClick={() => go((selected - 1 + n) % n)}
          className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
          aria-label={`Previous ${unit.toLowerCase()}`}
        >
          <ChevronLeft aria-hidden className="h-5 w-5" />
        </button>
        <div className="flex flex-col items-center gap-2">
          <p className="text-sm font-medium text-slate-700" aria-live={playing ? "off" : "polite"}>
            {unit} {selected + 1} of {n}
          </p>
          <div className="flex items-center">
            {slides.map((s, i) => (
              <button
                key={s.title}
                type="button"
                onClick={() => go(i)}
                aria-label={`Go to ${unit.toLowerCase()} ${i + 1}`}
                aria-current={i === selected ? "true" : undefined}
                className="group inline-flex h-8 w-8 items-center justify-center"
              >
                <span
                  className={cn(
                    "block h-2.5 rounded-full transition-all",
                    i === selected ? "w-6 bg-brand-600" : "w-2.5 bg-slate-400 group-hover:bg-slate-500",
                  )}
                />
              </button>
            ))}
          </div>
        </div>
        <div className="flex gap-1">
          <button
            type="button"
            onClick={() => (playing ? autoplay.current.stop() : autoplay.current.play())}
            className="inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
            aria-label={playing ? "Pause automatic slides" : "Play automatic slides"}
          >
            {playing ? <Pause aria-hidden className="h-4 w-4" /> : <Play aria-hidden className="h-4 w-4" />}
          </button>
          <button
            type="button"
            onClick={() => go((selected + 1) % n)}
            className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
            aria-label={`Next ${unit.toLowerCase()}`}
          >
            <ChevronRight aria-hidden className="h-5 w-5" />
          </button>
        </div>
      </div>
    </section>
  );
}
