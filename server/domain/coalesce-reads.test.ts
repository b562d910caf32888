import { describe, expect, it } from "vitest";
import { coalesceReads } from "./coalesce-reads.ts";

/** A load whose queries the test settles one by one. */
function controlledLoad() {
  const queries: { key: string; resolve(v: string): void; reject(e: Error): void }[] = [];
  const load = (key: string) => new Promise<string>((resolve, reject) => queries.push({ key, resolve, reject }));
  return { queries, load };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe("coalesceReads", () => {
  it("answers a read that arrives during a query from the next query, shared by all who waited", async () => {
    const { queries, load } = controlledLoad();
    const read = coalesceReads(load);
    const first = read("w1");
    const second = read("w1");
    const third = read("w1");
    const other = read("w2");
    expect(queries.map((q) => q.key)).toEqual(["w1", "w2"]); // the waiters do not reuse the running query
    queries[0]!.resolve("before");
    expect(await first).toBe("before");
    await tick();
    expect(queries).toHaveLength(3); // one fresh query for both waiters
    queries[2]!.resolve("after");
    expect([await second, await third]).toEqual(["after", "after"]);
    queries[1]!.resolve("other");
    expect(await other).toBe("other");
    const alone = read("w1"); // nothing running: queries at once
    expect(queries).toHaveLength(4);
    queries[3]!.resolve("later");
    expect(await alone).toBe("later");
  });

  it("fails only the reads of a failed query; those waiting get a query of their own", async () => {
    const { queries, load } = controlledLoad();
    const read = coalesceReads(load);
    const first = read("w");
    const waiting = read("w");
    queries[0]!.reject(new Error("connection lost"));
    await expect(first).rejects.toThrow("connection lost");
    await tick();
    queries[1]!.resolve("fresh");
    expect(await waiting).toBe("fresh");
  });
});
