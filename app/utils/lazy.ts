// React.lazy with a preload: a component's code can be fetched before it is first rendered (on a hover, or by a
// loader so that the server renders it in the first pass, without streaming it after the page's shell).
import { type ComponentType, type LazyExoticComponent, lazy } from "react";

type Module<P> = { default: ComponentType<P> };

export function lazyWithPreload<P>(
  load: () => Promise<Module<P>>,
): LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<Module<P>> } {
  let loaded: Module<P> | undefined;
  let loading: Promise<Module<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        // A failed download is tried again on the next call.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  // Once loaded, a thenable that calls back at once: React.lazy then renders the component in the same pass
  // instead of suspending (a resolved Promise would still call back later).
  const Component = lazy(() =>
    loaded
      ? // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, read only by React.lazy
        ({ then: (resolve: (m: Module<P>) => void) => resolve(loaded!) } as Promise<Module<P>>)
      : preload(),
  );
  return Object.assign(Component, { preload });
}
