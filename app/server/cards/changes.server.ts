// Tells listeners (the public page cache and its cross-process sync) which card page slugs changed, once the
// write that changed them has committed.

type ChangeListener = (slugs: string[]) => void;
const listeners = new Set<ChangeListener>();

export function onCardPagesChanged(listener: ChangeListener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Call after the commit: listeners re-read the pages, and must not see the state before it. */
export function announceCardPagesChanged(slugs: (string | null | undefined)[]) {
  const list = slugs.filter((s): s is string => Boolean(s));
  for (const listener of listeners) listener(list);
}

type DeletionListener = (cardPageIds: string[]) => void;
const deletionListeners = new Set<DeletionListener>();

/** Deleted pages by id (their slugs may name a new page soon), for what keeps a copy elsewhere (a wallet pass). */
export function onCardPagesDeleted(listener: DeletionListener) {
  deletionListeners.add(listener);
  return () => deletionListeners.delete(listener);
}

export function announceCardPagesDeleted(cardPageIds: string[]) {
  for (const listener of deletionListeners) listener(cardPageIds);
}
