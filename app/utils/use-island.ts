// Runs an island (app/islands) on an element React rendered: pages reached by a client-side navigation get the
// same behaviour that the island's own script gives pages without React.
import { useEffect, useRef } from "react";

type Enhance<T> = (element: T) => () => void;

/** Returns the ref to put on the element; the island is loaded on mount and undone on unmount. */
export function useIsland<T extends HTMLElement>(load: () => Promise<Enhance<T>>) {
  const ref = useRef<T>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the island is wired up once per mount
  useEffect(() => {
    let undo: (() => void) | undefined;
    let unmounted = false;
    load().then((enhance) => {
      if (!unmounted && ref.current) undo = enhance(ref.current);
    });
    return () => {
      unmounted = true;
      undo?.();
    };
  }, []);
  return ref;
}
