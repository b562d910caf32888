// Three rounds of the crash drill (`npm run drill:kill-worker` runs twenty): a worker killed
// with SIGKILL before, during and after the platform call, the job then taken over by another.
import { expect, test } from "vitest";
import { killDrill } from "../../testing/kill-drill.ts";

test("a worker killed at any point never publishes twice and never leaves a job processing", { timeout: 240_000 }, async () => {
  const rounds = await killDrill(3);
  expect(rounds.map((r) => r.killed).sort()).toEqual(["after submit", "before submit", "during submit"]);
  for (const round of rounds) {
    expect(["published", "unknown"]).toContain(round.status);
    expect(round.postsOnSandbox).toBeLessThanOrEqual(1);
    if (round.status === "published") expect(round.postsOnSandbox).toBe(1);
  }
  // Killed before the call, the next worker publishes; killed after it, the next one finishes.
  expect(rounds.find((r) => r.killed === "before submit")?.status).toBe("published");
  expect(rounds.find((r) => r.killed === "after submit")?.status).toBe("published");
});

test(
  "a worker killed during a post group, its first comment or a recurring post's occurrence never posts or comments twice and leaves nothing pending",
  { timeout: 300_000 },
  async () => {
    const all = await killDrill(0, undefined, { groupRounds: 3, seriesRounds: 1 });
    const rounds = all.filter((r) => r.provider === "post-group");
    expect(rounds.map((r) => r.killed).sort()).toEqual(["after submit", "before submit", "during submit"]);
    // a recurring group's occurrence: published once (or unknown), the two later ones waiting, none added twice
    for (const series of all.filter((r) => r.provider === "series")) {
      const row = JSON.stringify(series);
      expect(["published", "unknown"], row).toContain(series.status);
      expect(series.postsOnSandbox, row).toBeLessThanOrEqual(1);
      if (series.status === "published") expect(series.postsOnSandbox, row).toBe(1);
      expect(series.laterOccurrences, row).toBe(2);
      expect(series.seriesJobs, row).toBe(3);
    }
    for (const round of rounds) {
      const row = JSON.stringify(round);
      expect(["published", "partial", "failed"], row).toContain(round.status);
      expect(round.postsOnSandbox, row).toBeLessThanOrEqual(1);
      expect(round.commentsOnSandbox, row).toBeLessThanOrEqual(1);
      // every target ends published, or unknown when the kill caught its publishing call; never in between
      for (const target of round.targets!.split(", ")) expect(target, row).toMatch(/ (published|unknown)$/);
      expect(["posted", "unknown", "not_posted"], row).toContain(round.firstComment);
    }
    // Killed during the reply that is the first comment: it is never posted again, so at most one
    expect(rounds.find((r) => r.killed === "after submit")?.targets).toBe("instagram published, threads published");
  },
);

test("a worker stalled past its lease (SIGSTOP) loses its jobs to the next one and, let go on, publishes nothing twice", { timeout: 300_000 }, async () => {
  const rounds = await killDrill(3, undefined, { stall: true });
  expect(rounds.map((r) => r.killed).sort()).toEqual(["after submit", "before submit", "during submit"]);
  for (const round of rounds) {
    const row = JSON.stringify(round);
    expect(["published", "unknown"], row).toContain(round.status);
    expect(round.postsOnSandbox, row).toBeLessThanOrEqual(1);
    if (round.status === "published") expect(round.postsOnSandbox, row).toBe(1);
  }
  expect(rounds.find((r) => r.killed === "before submit")?.status).toBe("published");
});

test(
  "a Bluesky worker killed once the PDS holds the record (its answer on the way) is settled by its record key: published, once",
  { timeout: 300_000 },
  async () => {
    const rounds = await killDrill(0, undefined, { blueskyRounds: 2 });
    expect(rounds).toHaveLength(2);
    for (const round of rounds) {
      const row = JSON.stringify(round);
      expect(round.provider, row).toBe("bluesky");
      expect(round.status, row).toBe("published");
      expect(round.postsOnSandbox, row).toBe(1);
    }
  },
);
