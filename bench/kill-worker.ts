// The crash drill, 20 rounds: workers killed with SIGKILL before, during and after the platform
// call that publishes. Never two posts; no job left processing. Run: npm run drill:kill-worker
import { killDrill } from "../server/testing/kill-drill.ts";

const rounds = Number(process.argv[2] ?? 20);
const results = await killDrill(rounds, (line) => console.log(line));
console.table(results);
const duplicates = results.filter((r) => r.postsOnSandbox > 1);
const stuck = results.filter((r) => r.status === "processing" || r.status === "queued");
const publishedWithoutPost = results.filter((r) => r.status === "published" && r.postsOnSandbox !== 1);
const counts = results.reduce<Record<string, number>>((acc, r) => ((acc[r.status] = (acc[r.status] ?? 0) + 1), acc), {});
console.log(
  `rounds ${results.length}: ${JSON.stringify(counts)}; duplicates ${duplicates.length}; left processing ${stuck.length}; published without exactly one post ${publishedWithoutPost.length}`,
);
process.exit(duplicates.length + stuck.length + publishedWithoutPost.length === 0 ? 0 : 1);
