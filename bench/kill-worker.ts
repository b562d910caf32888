// The crash drill, 20 rounds of media jobs, 6 of post groups with first comments, 3 of recurring
// post groups (killed during an occurrence) and 4 of Bluesky posts on the real local PDS: workers killed with SIGKILL before, during and after the platform
// call that publishes (for groups: during the first comment; for Bluesky: once the PDS holds the
// record, before its answer). Never two posts or comments; nothing left processing. Run:
// npm run drill:kill-worker [-- rounds groupRounds blueskyRounds [--stall]]; with --stall the worker
// is stopped (SIGSTOP) past its lease instead, and let go on once the next worker ended the job.
import { killDrill } from "../server/testing/kill-drill.ts";

const rounds = Number(process.argv[2] ?? 20);
const groupRounds = Number(process.argv[3] ?? 6);
const blueskyRounds = Number(process.argv[4] && !process.argv[4].startsWith("--") ? process.argv[4] : 4);
const results = await killDrill(rounds, (line) => console.log(line), {
  groupRounds,
  blueskyRounds,
  seriesRounds: 3,
  stall: process.argv.includes("--stall"),
});
console.table(results);
const duplicates = results.filter((r) => r.postsOnSandbox > 1 || (r.commentsOnSandbox ?? 0) > 1);
const stuck = results.filter((r) => ["processing", "queued", "scheduled"].includes(r.status) || r.firstComment === "pending");
const publishedWithoutPost = results.filter((r) => r.status === "published" && r.postsOnSandbox !== 1);
// a series' later occurrences wait for their time: two of three, each once
const seriesTouched = results.filter((r) => r.provider === "series" && (r.laterOccurrences !== 2 || r.seriesJobs !== 3));
const counts = results.reduce<Record<string, number>>((acc, r) => ((acc[r.status] = (acc[r.status] ?? 0) + 1), acc), {});
console.log(
  `rounds ${results.length}: ${JSON.stringify(counts)}; duplicates ${duplicates.length}; left processing ${stuck.length}; published without exactly one post ${publishedWithoutPost.length}; series with later occurrences changed ${seriesTouched.length}`,
);
process.exit(duplicates.length + stuck.length + publishedWithoutPost.length + seriesTouched.length === 0 ? 0 : 1);
