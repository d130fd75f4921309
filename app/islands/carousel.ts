// Enhances a server-rendered carousel (see components/site/carousel.tsx) with Embla: 6 s autoplay (paused
// while dragging, off for reduced motion), a swipe of more than 80 px moves one slide, dots, arrow keys, and a
// 600 ms lock so rapid clicks do not skip slides. Runs without React, so static pages need no framework.
import EmblaCarousel from "embla-carousel";
import Autoplay from "embla-carousel-autoplay";

const CAROUSEL = { autoplayMs: 6000, lockMs: 600, swipePx: 80 } as const;

/** Wires up one carousel; returns a function that undoes it. Calling it twice on one element is harmless. */
export function enhanceCarousel(root: HTMLElement): () => void {
  const viewport = root.querySelector<HTMLElement>("[data-carousel-viewport]");
  if (!viewport || root.dataset.enhanced) return () => {};
  root.dataset.enhanced = "true";

  const unit = root.dataset.unit ?? "Slide";
  const slides = [...root.querySelectorAll<HTMLElement>("[data-carousel-slide]")];
  const dots = [...root.querySelectorAll<HTMLButtonElement>("[data-carousel-dot]")];
  const status = root.querySelector<HTMLElement>("[data-carousel-status]");
  const toggle = root.querySelector<HTMLButtonElement>("[data-carousel-toggle]");
  const n = slides.length;

  const autoplay = Autoplay({ delay: CAROUSEL.autoplayMs, stopOnInteraction: false, playOnInit: false });
  const api = EmblaCarousel(viewport, { loop: true, duration: 30 }, [autoplay]);
  let lockedUntil = 0;
  let unlockTimer: ReturnType<typeof setTimeout> | undefined;
  // The lock is shown as data-locked, so a test can wait for it to end instead of for a time.
  const lock = () => {
    lockedUntil = Date.now() + CAROUSEL.lockMs;
    root.dataset.locked = "true";
    clearTimeout(unlockTimer);
    unlockTimer = setTimeout(() => {
      root.dataset.locked = "false";
    }, CAROUSEL.lockMs);
  };

  const go = (index: number) => {
    if (Date.now() < lockedUntil) return;
    lock();
    api.scrollTo(index);
  };

  const showSelected = () => {
    const selected = api.selectedScrollSnap();
    slides.forEach((slide, i) => {
      slide.setAttribute("aria-hidden", String(i !== selected));
    });
    dots.forEach((dot, i) => {
      if (i === selected) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
    });
    if (status) status.textContent = `${unit} ${selected + 1} of ${n}`;
  };
  const showPlaying = (playing: boolean) => {
    if (toggle) toggle.setAttribute("aria-label", `${playing ? "Pause" : "Play"} automatic slides`);
    root.dataset.playing = String(playing);
    // While slides move on their own, announcing each one would interrupt the reader.
    status?.setAttribute("aria-live", playing ? "off" : "polite");
  };

  api.on("select", showSelected);
  api.on("autoplay:play", () => showPlaying(true));
  api.on("autoplay:stop", () => showPlaying(false));
  api.on("scroll", () => {
    root.dataset.settled = "false";
  });
  api.on("settle", () => {
    root.dataset.settled = "true";
  });

  // Embla drags the slides; where they settle follows the spec's rule instead of Embla's physics: a move of
  // more than 80 px goes one slide (right = previous, left = next), anything less snaps back. Pointer events
  // come before the mouse/touch events Embla listens to, so dx is known when Embla's pointerUp fires.
  let dragStartX: number | null = null;
  let dragStartIndex = 0;
  let dx = 0;
  const down = (e: PointerEvent) => {
    dragStartX = e.clientX;
    dragStartIndex = api.selectedScrollSnap();
  };
  const up = (e: PointerEvent) => {
    if (dragStartX !== null) dx = e.clientX - dragStartX;
    dragStartX = null;
  };
  api.on("pointerUp", () => {
    const target =
      Math.abs(dx) > CAROUSEL.swipePx ? (dragStartIndex + (dx < 0 ? 1 : -1) + n) % n : dragStartIndex;
    dx = 0;
    lock();
    api.scrollTo(target);
  });

  const onClick = (e: MouseEvent) => {
    const button = (e.target as Element).closest("button");
    if (!button || !root.contains(button)) return;
    const selected = api.selectedScrollSnap();
    if (button.hasAttribute("data-carousel-prev")) go((selected - 1 + n) % n);
    else if (button.hasAttribute("data-carousel-next")) go((selected + 1) % n);
    else if (button.dataset.carouselDot !== undefined) go(Number(button.dataset.carouselDot));
    else if (button === toggle) root.dataset.playing === "true" ? autoplay.stop() : autoplay.play();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    e.preventDefault();
    const selected = api.selectedScrollSnap();
    go(e.key === "ArrowLeft" ? (selected - 1 + n) % n : (selected + 1) % n);
  };

  viewport.addEventListener("pointerdown", down);
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", up);
  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKeyDown);
  showSelected();
  showPlaying(false);
  if (!window.matchMedia("(prefers-reduced-motion: reduce)").matches) autoplay.play();

  return () => {
    viewport.removeEventListener("pointerdown", down);
    window.removeEventListener("pointerup", up);
    window.removeEventListener("pointercancel", up);
    root.removeEventListener("click", onClick);
    root.removeEventListener("keydown", onKeyDown);
    clearTimeout(unlockTimer);
    api.destroy();
    delete root.dataset.enhanced;
  };
}
