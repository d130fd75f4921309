// One read shared by the calls made in the same turn of the event loop.

/**
 * Wraps `read` so that the calls made in one turn of the event loop (the requests that arrived together) share
 * one read, begun once that turn's callbacks have run. Every call thus gets a read that began after it was made,
 * and under load one read answers a whole batch of requests instead of one each.
 */
export function freshRead<T>(read: () => Promise<T>): () => Promise<T> {
  let batch: Promise<T> | undefined;
  return () => {
    batch ??= new Promise<void>((begin) => setImmediate(begin)).then(() => {
      batch = undefined;
      return read();
    });
    return batch;
  };
}
