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
