// Runs task(0..count-1) with at most `width` in flight, answers in order.
import pLimit from "p-limit";

export function pool<T>(count: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const limit = pLimit(width);
  return Promise.all(Array.from({ length: count }, (_, i) => limit(() => task(i))));
}
