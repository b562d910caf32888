// Three rounds of the crash drill on post groups (`npm run drill:kill-worker` runs six): a worker
// killed before or during the Instagram target's publish, or during the Threads target's first
// comment, the group then finished by another worker. Never two posts, never two comments.
import { expect, test } from "vitest";
import { killDrill } from "../../testing/kill-drill.ts";

test("a worker killed at any point of a post group never publishes or comments twice and leaves nothing processing", { timeout: 300_000 }, async () => {
  const rounds = await killDrill(0, () => {}, { groupRounds: 3 });
  expect(rounds.map((r) => r.killed).sort()).toEqual(["after submit", "before submit", "during submit"]);
  for (const round of rounds) {
    expect(round.provider).toBe("post-group");
    expect(["published", "partial"]).toContain(round.status);
    expect(round.postsOnSandbox).toBe(1);
    expect(round.commentsOnSandbox).toBeLessThanOrEqual(1);
    // not_posted: the kill also caught the Threads post in its publish, which then ends unknown (never resent)
    expect(["posted", "unknown", "not_posted"]).toContain(round.firstComment);
    if (round.firstComment === "posted") expect(round.commentsOnSandbox).toBe(1);
  }
  // killed before Instagram publishes, the next worker publishes it and comments once
  expect(rounds.find((r) => r.killed === "before submit")).toMatchObject({ status: "published", firstComment: "posted", commentsOnSandbox: 1 });
});
