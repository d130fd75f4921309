// What a visitor types or chooses before the page's JavaScript has run (a slow phone, a busy machine) is kept.
// The browser keeps it in the controls and hydration leaves inputs and selects as they are, but React's state
// starts from the server's values: the next render would put those back, and a choice that saves on change was
// made before there was anything to save it.
import { useLayoutEffect, useRef, useState } from "react";
import { useHydrated } from "./use-hydrated";

/** What the form's control `name` holds now (for a radio group, its checked value); undefined if it has none. */
export function controlValue(form: HTMLFormElement | null, name: string): string | undefined {
  const control = form?.elements.namedItem(name);
  return control && "value" in control ? String(control.value) : undefined;
}

/** The form with that id in the page (conform's forms are found by their id). */
export const formById = (id: string) => {
  const form = document.getElementById(id);
  return form instanceof HTMLFormElement ? form : null;
};

/**
 * Runs `takeOver` once, when the component is first in the page and before the browser paints, so it can read
 * the controls into state (or save a choice already made). A component mounted later, on a client-side
 * navigation, finds its controls holding the values it rendered, and `takeOver` changes nothing.
 */
export function useEarlyInput(takeOver: () => void) {
  const first = useRef(takeOver);
  useLayoutEffect(() => first.current(), []);
}

/**
 * The text of a textarea as the visitor left it before hydration. Unlike inputs, React sets a textarea's value
 * back to its server text while hydrating, so it is read here, during the render that hydrates, before that.
 */
export function useEarlyTextarea(id: string | undefined) {
  const hydrated = useHydrated();
  const [early] = useState(() =>
    hydrated || !id || typeof document === "undefined"
      ? undefined
      : (document.getElementById(id) as HTMLTextAreaElement | null)?.value,
  );
  useEarlyInput(() => {
    const textarea = id ? document.getElementById(id) : null;
    if (early !== undefined && textarea instanceof HTMLTextAreaElement && textarea.value !== early) {
      textarea.value = early;
    }
  });
}
