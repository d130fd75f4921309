// Client-side toasts without shipping the toast library on first load: the first toast loads it, queued
// toasts are replayed once it has mounted. Use notify() instead of importing sonner's toast() directly.

export interface ToastMessage {
  id?: string;
  type?: "success" | "error" | "info";
  title: string;
  description?: string;
}

type Listener = (t: ToastMessage) => void;
let listener: Listener | null = null;
const queue: ToastMessage[] = [];
const wakers = new Set<() => void>();

export function notify(message: ToastMessage) {
  if (listener) listener(message);
  else {
    queue.push(message);
    for (const wake of wakers) wake();
  }
}

/** Used by the toast host: called when the first toast is queued. */
export function onFirstToast(wake: () => void) {
  wakers.add(wake);
  if (queue.length) wake();
  return () => {
    wakers.delete(wake);
  };
}

/** Used by the loaded toaster: receives queued and future toasts. */
export function attachToaster(next: Listener) {
  listener = next;
  for (const m of queue.splice(0)) next(m);
  return () => {
    if (listener === next) listener = null;
  };
}
