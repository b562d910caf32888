// Concurrent reads of one key share queries without ever answering from before a request
// arrived: a read that comes while a query for its key runs waits for the next query, which
// starts when that one ends and answers everyone who waited. Under load one query serves many
// requests; alone, a request queries at once. A write a client finished before asking is
// always seen, unlike with a cache.
export function coalesceReads<T>(load: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const running = new Map<string, Promise<T>>();
  const next = new Map<string, Promise<T>>();
  const start = (key: string): Promise<T> => {
    const query: Promise<T> = load(key).finally(() => {
      if (running.get(key) === query) running.delete(key);
    });
    running.set(key, query);
    return query;
  };
  return (key) => {
    const current = running.get(key);
    if (!current) return start(key);
    let waiting = next.get(key);
    if (!waiting) {
      waiting = current
        .catch(() => undefined)
        .then(() => {
          next.delete(key);
          return start(key);
        });
      next.set(key, waiting);
    }
    return waiting;
  };
}
