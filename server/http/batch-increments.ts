// Counting many concurrent requests in PostgreSQL without one statement each: requests that come
// while a counting statement runs join the next batch, which adds every key's number of requests
// in one statement when that one ends. Each request then takes its own place in its key's range,
// so counts stay exact across processes (the database adds) while one statement serves many
// requests and keys under load; alone, a request counts at once.
export type Counted = { total: number; msBeforeNext: number };

export function batchIncrements(addAll: (counts: Map<string, number>) => Promise<Map<string, Counted>>): (key: string) => Promise<Counted> {
  type Waiter = { resolve: (c: Counted) => void; reject: (err: unknown) => void };
  let waiting = new Map<string, Waiter[]>();
  let running = false;
  const run = () => {
    if (waiting.size === 0) return;
    const batch = waiting;
    waiting = new Map();
    running = true;
    addAll(new Map([...batch].map(([key, waiters]) => [key, waiters.length])))
      .then(
        (totals) => {
          for (const [key, waiters] of batch) {
            const { total, msBeforeNext } = totals.get(key)!;
            waiters.forEach((w, i) => w.resolve({ total: total - waiters.length + 1 + i, msBeforeNext }));
          }
        },
        (err: unknown) => {
          // The requests waiting for the next batch fail with this one: the store just failed, and
          // a statement sent now would most likely wait as long again (a stalled database), which
          // would double their wait past the database's deadline.
          const next = waiting;
          waiting = new Map();
          for (const waiters of [...batch.values(), ...next.values()]) waiters.forEach((w) => w.reject(err));
        },
      )
      .finally(() => {
        running = false;
        run();
      });
  };
  return (key) =>
    new Promise<Counted>((resolve, reject) => {
      const waiters = waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      if (!running) run();
    });
}
