// Benchmark: 10,000 media posts scheduled for the same second across many accounts (TikTok
// caps a creator at 25 posts a day, so 400 accounts), the sandbox answering without processing
// time. Reports how late each job started after its scheduledAt (p50/p99: the scheduler handing it
// to the publishing queue, a worker beginning it, and the job's first platform call, from the
// sandbox's record of who called when) and how long until the last one was
// published (and how many in each second, to show the ramp up), and the CPU each process spent per
// post from the due second on. A warm-up round of immediate posts runs first. Schedules are
// accepted through the domain operation the API calls, in this process, so accepting 10,000 of
// them fits before the due second.
// Run: npm run bench:schedule [-- posts]; npm run bench:schedule -- --queue [posts] for a queue burst
import { closeDb, sql } from "../server/db.ts";
import { publishPosts } from "../server/domain/publishing/publish-posts.ts";
import { schedulePosts } from "../server/domain/scheduling/schedule-posts.ts";
import { resetEnv } from "../server/env.ts";
import { resetPlatformConfig } from "../server/platforms/config.ts";
import { connectAccount } from "../server/testing/account-fixtures.ts";
import { uploadBenchVideo } from "./bench-video.ts";
import { startTestStack } from "../server/testing/test-stack.ts";
import { tiktokVideoRequest } from "../server/testing/tiktok-video-request.ts";
import { benchWorkspace } from "./bench-workspace.ts";
import { clearActivity, firstPlatformCalls, readActivity, readJobTimes, spread } from "./platform-activity.ts";
import { pool } from "./pool.ts";
import { cpuByRole, cpuPerUnit } from "./process-cpu.ts";

// `-- --queue [posts]`: the same size of burst added to posting queues and coming due (queue-burst.ts)
if (process.argv.includes("--queue")) {
  await import("./queue-burst.ts");
  process.exit(0);
}

const POSTS = Number(process.argv[2] ?? 10_000);
const PER_ACCOUNT = 25;
const WARMUP = 200;

const stack = await startTestStack("bench-schedule");
resetEnv();
resetPlatformConfig();

try {
  const { workspace, scope, key } = await benchWorkspace(stack, "bench-schedule");
  const accounts = await pool(Math.ceil(POSTS / PER_ACCOUNT), 8, () => connectAccount(scope, "tiktok"));
  const mediaId = await uploadBenchVideo(stack.baseUrl, key);

  // A warm-up round of immediate posts on accounts of their own, so the burst meets a service
  // that has been running (connection pools, prepared statements, every process's JIT).
  const warmupAccounts = await pool(Math.ceil(WARMUP / PER_ACCOUNT), 8, () => connectAccount(scope, "tiktok"));
  const warmupJobs = await pool(WARMUP, 16, async (i) => {
    const { body } = await publishPosts(scope, {
      accountIds: [warmupAccounts[i % warmupAccounts.length]!.accountId],
      posts: [`warm-up ${i}`],
      video: tiktokVideoRequest(mediaId),
    });
    return (body.results[0] as { jobId: string }).jobId;
  });
  for (;;) {
    const [row] = await sql<{ open: number }>(
      "bench-warmup",
      `SELECT count(*) FILTER (WHERE status <> 'published')::int AS open FROM "PublishJob" WHERE id = ANY($1::uuid[])`,
      [warmupJobs],
    );
    if (row!.open === 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }

  // Everything due in the same second, far enough ahead for all of it to be accepted first.
  const due = new Date(Math.ceil((Date.now() + 15_000 + POSTS * 8) / 1000) * 1000);
  const acceptStarted = performance.now();
  const jobIds = await pool(POSTS, 16, async (i) => {
    const { body } = await schedulePosts(scope, {
      accountIds: [accounts[i % accounts.length]!.accountId],
      posts: [`scheduled ${i}`],
      video: tiktokVideoRequest(mediaId),
      scheduledAt: due.toISOString(),
    });
    return (body.results[0] as { jobId: string }).jobId;
  });
  const acceptSeconds = (performance.now() - acceptStarted) / 1000;
  if (Date.now() >= due.getTime()) throw new Error(`accepting took ${acceptSeconds.toFixed(1)} s, past the due time; rerun with fewer posts`);
  console.log(`${POSTS} schedules accepted in ${acceptSeconds.toFixed(1)} s (${(POSTS / acceptSeconds).toFixed(0)}/s), all due at ${due.toISOString()}`);

  await new Promise((r) => setTimeout(r, due.getTime() - 300 - Date.now()));
  await clearActivity(stack.sandboxUrl); // from here on, the accounts' requests are the burst's
  await new Promise((r) => setTimeout(r, due.getTime() - Date.now()));
  const cpuAtDue = cpuByRole();
  // A cheap look four times a second (the partial index of ready jobs, and the few processing
  // ones), so the poll itself costs the system under test little; the figures come from the jobs'
  // own timestamps, not from when the poll noticed.
  const accountIds = accounts.map((a) => a.accountId);
  for (;;) {
    const [row] = await sql<{ open: boolean }>(
      "bench-open",
      `SELECT EXISTS (SELECT FROM "PublishJob" WHERE "accountId" = ANY($1::uuid[]) AND status IN ('scheduled', 'queued'))
           OR EXISTS (SELECT FROM "PublishJob" WHERE status = 'processing' AND "accountId" = ANY($1::uuid[])) AS open`,
      [accountIds],
    );
    if (!row!.open) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const publishCpu = cpuPerUnit(cpuAtDue, cpuByRole(), POSTS);
  const [failed] = await sql<{ bad: number }>(
    "bench-bad",
    `SELECT count(*)::int AS bad FROM "PublishJob" WHERE "workspaceId" = $1 AND "scheduledAt" IS NOT NULL AND status <> 'published'`,
    [workspace.id],
  );
  if (failed!.bad > 0) throw new Error(`${failed!.bad} jobs did not publish`);
  const [stats] = await sql<{ p50: number; p99: number; max: number; work50: number; work99: number; run50: number; run99: number; last: number }>(
    "bench-lateness",
    `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY "startLateMs") AS p50, percentile_cont(0.99) WITHIN GROUP (ORDER BY "startLateMs") AS p99, max("startLateMs") AS max,
            extract(epoch FROM percentile_cont(0.5) WITHIN GROUP (ORDER BY "startedAt" - $2::timestamptz)) AS work50, extract(epoch FROM percentile_cont(0.99) WITHIN GROUP (ORDER BY "startedAt" - $2::timestamptz)) AS work99,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM "finishedAt" - "startedAt") * 1000) AS run50,
            percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM "finishedAt" - "startedAt") * 1000) AS run99,
            extract(epoch FROM max("finishedAt") - $2::timestamptz) AS last
       FROM "PublishJob" WHERE "workspaceId" = $1 AND "scheduledAt" IS NOT NULL`,
    [workspace.id, due],
  );
  console.log(
    `start lateness (the scheduler hands the post to the publishing queue) after scheduledAt: p50 ${(Number(stats!.p50) / 1000).toFixed(2)} s, p99 ${(Number(stats!.p99) / 1000).toFixed(2)} s, max ${(Number(stats!.max) / 1000).toFixed(2)} s (target p99 ≤ 1 s)`,
  );
  console.log(
    `a worker began the job (startedAt) after scheduledAt (queue wait included): p50 ${Number(stats!.work50).toFixed(2)} s, p99 ${Number(stats!.work99).toFixed(2)} s`,
  );
  const usernames = new Map(accounts.map((a) => [a.accountId, a.username]));
  const times = await readJobTimes(jobIds, (id) => ({ provider: "tiktok", username: usernames.get(id)! }));
  const firstCalls = firstPlatformCalls(times, await readActivity(stack.sandboxUrl));
  const unknown = firstCalls.filter((t) => t === undefined).length;
  const toCall = spread(times.flatMap((j, i) => (firstCalls[i] === undefined ? [] : [firstCalls[i]! - j.scheduledMs!])));
  console.log(
    `the job's first platform call after scheduledAt: p50 ${(toCall.p50 / 1000).toFixed(2)} s, p99 ${(toCall.p99 / 1000).toFixed(2)} s, max ${(toCall.max / 1000).toFixed(2)} s${unknown ? ` (${unknown} jobs beyond the sandbox's record, not counted)` : ""}`,
  );
  console.log(`worker time per post (first start → published): p50 ${Number(stats!.run50).toFixed(1)} ms, p99 ${Number(stats!.run99).toFixed(1)} ms`);
  console.log(`last published ${Number(stats!.last).toFixed(1)} s after the due second (target ≤ 30 s); ${(POSTS / Number(stats!.last)).toFixed(0)} posts/s`);
  const perSecond = await sql<{ n: number }>(
    "bench-per-second",
    `SELECT count(j.id)::int AS n FROM generate_series(0, ceil($3::float)::int - 1) s
       LEFT JOIN "PublishJob" j ON j."workspaceId" = $1 AND j."scheduledAt" IS NOT NULL AND floor(extract(epoch FROM j."finishedAt" - $2::timestamptz)) = s
      GROUP BY s ORDER BY s`,
    [workspace.id, due, Number(stats!.last)],
  );
  console.log(`published in each second after the due second: ${perSecond.map((r) => r.n).join(" ")}`);
  console.log("CPU ms per post from the due second on, by process:");
  console.table({ publishing: publishCpu });
} finally {
  await closeDb();
  await stack.stop();
}
