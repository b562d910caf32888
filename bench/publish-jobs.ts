// Benchmark: media jobs end to end (POST /api/v1/posts → 202 → a worker publishes on the
// sandbox → `published`) against raw no-op jobs of graphile-worker on the same database, in one
// run. The stack runs its usual single worker process; the raw jobs get a worker of the same
// concurrency in this process. The sandbox answers without processing time. Each side gets a
// warm-up round of 200 jobs first; the CPU each process spends per job is reported too.
// Run: npm run bench:publish [-- jobs]   (default 2,000 jobs over 100 TikTok accounts: 400 finish in
// about 3 s, where one slow second of this shared machine moves the ratio by a quarter)
import { Logger, makeWorkerUtils, run } from "graphile-worker";
import { request, type Dispatcher } from "undici";
import { closeDb, sql } from "../server/db.ts";
import { resetEnv } from "../server/env.ts";
import { resetPlatformConfig } from "../server/platforms/config.ts";
import { connectAccount } from "../server/testing/account-fixtures.ts";
import { startTestStack } from "../server/testing/test-stack.ts";
import { uploadBenchVideo } from "./bench-video.ts";
import { benchWorkspace } from "./bench-workspace.ts";
import { pool } from "./pool.ts";
import { cpuByRole, cpuPerUnit } from "./process-cpu.ts";

const JOBS = Number(process.argv[2] ?? 2000);
const PER_ACCOUNT = 20; // under the sandbox's (and TikTok's) daily cap of 25 posts per creator
const WARMUP = 200;
const CLIENTS = 16; // concurrent API clients
const CONCURRENCY = Number(process.env.WORKER_CONCURRENCY ?? 256); // the worker's default (server/env.ts)

process.env.API_RATE_LIMIT_PER_MINUTE = "100000000";
const stack = await startTestStack("bench-publish");
resetEnv();
resetPlatformConfig();

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

try {
  const { workspace, scope, key } = await benchWorkspace(stack, "bench-publish");
  const headers = { Authorization: `Bearer ${key}`, "Content-Type": "application/json" };
  // undici's request() rather than fetch(): the load generator shares the machine's two cores
  // with the service, so it should take as little of them as it can.
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await request(stack.baseUrl + path, { method: method as Dispatcher.HttpMethod, headers, body: body ? JSON.stringify(body) : undefined });
    return { status: res.statusCode, json: (await res.body.json()) as any };
  };
  const accounts = await pool(Math.ceil(JOBS / PER_ACCOUNT), 4, () => connectAccount(scope, "tiktok"));
  const warmupAccounts = await pool(Math.ceil(WARMUP / PER_ACCOUNT), 4, () => connectAccount(scope, "tiktok"));
  const mediaId = await uploadBenchVideo(stack.baseUrl, key);

  // Media jobs, end to end: a warm-up round on accounts of its own (connection pools, prepared
  // statements and the JIT of every process warm up, as in a service that has been running),
  // then the measured round.
  const mediaRound = async (roundAccounts: typeof accounts, count: number) => {
    const jobIds: string[] = [];
    const startedAt = performance.now();
    const cpu0 = cpuByRole();
    const latencies = await pool(count, CLIENTS, async (i) => {
      const t0 = performance.now();
      const res = await api("POST", "/api/v1/posts", {
        accountIds: [roundAccounts[i % roundAccounts.length]!.accountId],
        posts: [`bench ${i}`],
        video: { mediaId, requestId: crypto.randomUUID(), privacyLevel: "PUBLIC_TO_EVERYONE" },
      });
      if (res.status !== 202) throw new Error(`POST /api/v1/posts answered ${res.status}: ${JSON.stringify(res.json)}`);
      jobIds.push(res.json.results[0].jobId);
      return performance.now() - t0;
    });
    const acceptedMs = performance.now() - startedAt;
    // The rate comes from the jobs' own timestamps, so this look needs no precision: a rare, cheap
    // one (no list of ids) leaves the two cores to the service being measured.
    for (;;) {
      const [row] = await sql<{ done: number; failed: number }>(
        "bench-done",
        `SELECT count(*) FILTER (WHERE status = 'published')::int AS done, count(*) FILTER (WHERE status IN ('failed', 'unknown'))::int AS failed
           FROM "PublishJob" WHERE "workspaceId" = $1 AND "accountId" = ANY($2::uuid[])`,
        [workspace.id, roundAccounts.map((a) => a.accountId)],
      );
      if (row!.failed > 0) throw new Error(`${row!.failed} jobs did not publish`);
      if (row!.done === count) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    return { jobIds, latencies, acceptedMs, cpu: cpuPerUnit(cpu0, cpuByRole(), count) };
  };
  await mediaRound(warmupAccounts, WARMUP);
  const { jobIds, latencies, acceptedMs, cpu: mediaCpu } = await mediaRound(accounts, JOBS);
  const [span] = await sql<{ ms: number }>(
    "bench-span",
    `SELECT extract(epoch FROM max("finishedAt") - min("createdAt")) * 1000 AS ms FROM "PublishJob" WHERE id = ANY($1::uuid[])`,
    [jobIds],
  );
  const mediaMs = Number(span!.ms);
  const [work] = await sql<{ p50: number; p99: number; runs: number }>(
    "bench-work",
    `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS p50, percentile_cont(0.99) WITHIN GROUP (ORDER BY ms) AS p99, avg(attempts) AS runs
       FROM (SELECT extract(epoch FROM "finishedAt" - "startedAt") * 1000 AS ms, attempts FROM "PublishJob" WHERE id = ANY($1::uuid[])) t`,
    [jobIds],
  );

  // Raw no-op jobs of the same library on the same database, added the same way (one at a time,
  // 16 clients), after a warm-up round of their own.
  const utils = await makeWorkerUtils({ connectionString: stack.databaseUrl });
  let completed = 0;
  let roundEnds = 0;
  let roundDone!: () => void;
  const runner = await run({
    connectionString: stack.databaseUrl,
    concurrency: CONCURRENCY,
    pollInterval: 1000,
    noHandleSignals: true,
    logger: new Logger(() => () => {}),
    taskList: {
      "bench-noop": async () => {
        if (++completed === roundEnds) roundDone();
      },
    },
  });
  const rawRound = async (count: number) => {
    const finished = new Promise<void>((r) => (roundDone = r));
    roundEnds = completed + count;
    const startedAt = performance.now();
    const cpu0 = cpuByRole();
    await pool(count, CLIENTS, (i) => utils.addJob("bench-noop", { i }));
    await finished;
    return { ms: performance.now() - startedAt, cpu: cpuPerUnit(cpu0, cpuByRole(), count) };
  };
  await rawRound(WARMUP);
  const { ms: rawMs, cpu: rawCpu } = await rawRound(JOBS);
  await runner.stop();
  await utils.release();

  const sorted = [...latencies].sort((a, b) => a - b);
  const mediaRate = (JOBS / mediaMs) * 1000;
  const rawRate = (JOBS / rawMs) * 1000;
  console.log(`\n${JOBS} jobs, ${accounts.length} TikTok accounts, ${CLIENTS} concurrent clients, worker concurrency ${CONCURRENCY}`);
  console.table([
    { run: "media jobs (accept → published on the sandbox)", "jobs/s": mediaRate.toFixed(1), "total s": (mediaMs / 1000).toFixed(2) },
    { run: "raw no-op graphile-worker jobs", "jobs/s": rawRate.toFixed(1), "total s": (rawMs / 1000).toFixed(2) },
  ]);
  console.log(
    `202 response time: p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms (all ${JOBS} accepted in ${(acceptedMs / 1000).toFixed(2)} s)`,
  );
  console.log(
    `worker time per job (first start → published): p50 ${Number(work!.p50).toFixed(1)} ms, p99 ${Number(work!.p99).toFixed(1)} ms, ${Number(work!.runs).toFixed(2)} runs per job`,
  );
  console.log("CPU ms per job, by process:");
  console.table({ "media jobs": mediaCpu, "raw no-op jobs": rawCpu });
  console.log(`rate ratio media/raw: ${(mediaRate / rawRate).toFixed(2)} (target ≥ 0.4)`);
} finally {
  await closeDb();
  await stack.stop();
}
