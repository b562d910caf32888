// Benchmark: the 9:00 burst against platforms that take their time. 10,000 video posts, one per
// account (TikTok, Instagram Reels, YouTube and Facebook Reels in turn), fall due within one minute
// while the sandbox answers every platform call after 200 ms and processes every video for 20 s.
// One worker, default configuration. Reports how late each job made its first platform call after
// its scheduledAt (from the sandbox's record of who called when), how long after the first due
// time the last was published, the worker's peak RSS and the service's own CPU per post (web,
// worker and PostgreSQL; not the sandbox, which plays the platforms, nor this load generator).
// The targets are printed beside the figures; any job that does not publish fails the run.
// Schedules are accepted beforehand through the domain operation the API calls, in this process.
// Run: npm run bench:realistic [-- posts]   (default 10,000)
//   BENCH_CALL_DELAY_MS (200), BENCH_PROCESSING_MS (20000), BENCH_PROVIDERS (tiktok,instagram,youtube,facebook),
//   BENCH_TIMEOUT_MINUTES (180): give up, failing, when the burst has not ended this long after the first due time
import { closeDb, sql } from "../server/db.ts";
import type { Scope } from "../server/domain/access.ts";
import type { ProviderName } from "../server/domain/accounts/providers.ts";
import { createApiKey } from "../server/domain/api-keys/create-api-key.ts";
import { signUp } from "../server/domain/auth/sign-up.ts";
import { publishPosts } from "../server/domain/publishing/publish-posts.ts";
import type { PublishBody } from "../server/domain/publishing/publishing.schema.ts";
import { schedulePosts } from "../server/domain/scheduling/schedule-posts.ts";
import { resetEnv } from "../server/env.ts";
import { resetPlatformConfig } from "../server/platforms/config.ts";
import { scopeFromSession } from "../server/scope.ts";
import { connectAccount } from "../server/testing/account-fixtures.ts";
import { uploadBenchVideo } from "./bench-video.ts";
import { startTestStack } from "../server/testing/test-stack.ts";
import { callsOf, clearActivity, firstPlatformCalls, readActivity, readJobTimes, spread } from "./platform-activity.ts";
import { pool } from "./pool.ts";
import { cpuByRole, cpuPerUnit, memoryMb, pidsOfRole, serviceCpuMs } from "./process-cpu.ts";

const POSTS = Number(process.argv[2] ?? 10_000);
const CALL_DELAY_MS = Number(process.env.BENCH_CALL_DELAY_MS ?? 200);
const PROCESSING_MS = Number(process.env.BENCH_PROCESSING_MS ?? 20_000);
const PROVIDERS = (process.env.BENCH_PROVIDERS ?? "tiktok,instagram,youtube,facebook").split(",").map((p) => p.trim()) as Provider[];
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MINUTES ?? 180) * 60_000;
const SPREAD_MS = 60_000; // everyone's 9:00: the posts fall due over one minute
const WARMUP = 100; // immediate posts first, on accounts of their own, so the burst meets a warm service
const TARGET = { latenessMs: 1000, slackMs: 60_000, rssMb: 400 };

type Provider = Extract<ProviderName, "tiktok" | "instagram" | "youtube" | "facebook">;
const supported: Provider[] = ["tiktok", "instagram", "youtube", "facebook"];
if (!Number.isInteger(POSTS) || POSTS < 1) throw new Error(`posts must be a positive whole number, not ${process.argv[2]}`);
if (PROVIDERS.length === 0 || PROVIDERS.some((p) => !supported.includes(p))) throw new Error(`BENCH_PROVIDERS: choose among ${supported.join(", ")}`);

type Account = { accountId: string; provider: Provider; username: string };

/** The same video post in each provider's mode (the flows that wait for the platform's processing). */
function postBody(provider: Provider, accountId: string, mediaId: string, text: string): PublishBody {
  const requestId = crypto.randomUUID();
  const accountIds = [accountId];
  switch (provider) {
    case "tiktok":
      return { accountIds, posts: [text], video: { mediaId, requestId, privacyLevel: "PUBLIC_TO_EVERYONE" } };
    case "instagram":
      return { accountIds, instagram: { requestId, contentType: "REELS", caption: text, items: [{ mediaId }] } };
    case "youtube":
      return { accountIds, youtube: { requestId, mediaId, title: text, privacyStatus: "public" } };
    case "facebook":
      return { accountIds, facebook: { requestId, contentType: "REELS", message: text, items: [{ mediaId }] } };
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const verdict = (ok: boolean) => (ok ? "met" : "NOT met");
const sleepUntil = (at: number) => new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));

async function settings(sandboxUrl: string, body: { processingMs?: number; callDelayMs?: number }) {
  const res = await fetch(`${sandboxUrl}/_sandbox/settings`, { method: "PUT", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`PUT /_sandbox/settings answered ${res.status}: ${await res.text()}`);
}

/** Waits until none of the jobs is still to run; fails as soon as one ends other than published. */
async function waitForJobs(jobIds: string[], opts: { deadline: number; progressFrom?: number }) {
  let lastProgress = Date.now();
  for (;;) {
    // One cheap look a second (the figures come from the jobs' own timestamps, not from when this
    // look noticed), so the look costs the measured PostgreSQL little; counts every 30 s.
    const [open] = await sql<{ open: boolean }>(
      "bench-open",
      `SELECT EXISTS (SELECT FROM "PublishJob" WHERE id = ANY($1::uuid[]) AND status IN ('scheduled', 'queued', 'processing')) AS open`,
      [jobIds],
    );
    const report = Date.now() - lastProgress >= 30_000 || !open!.open;
    if (report) {
      const counts = await sql<{ status: string; n: number }>(
        "bench-counts",
        `SELECT status, count(*)::int AS n FROM "PublishJob" WHERE id = ANY($1::uuid[]) GROUP BY status ORDER BY status`,
        [jobIds],
      );
      const bad = counts.filter((c) => !["scheduled", "queued", "processing", "published"].includes(c.status));
      if (bad.length > 0) {
        const examples = await sql<{ status: string; errorCode: string | null; errorMessage: string | null; provider: string }>(
          "bench-bad",
          `SELECT status, "errorCode", "errorMessage", provider FROM "PublishJob" WHERE id = ANY($1::uuid[]) AND status NOT IN ('scheduled', 'queued', 'processing', 'published') LIMIT 5`,
          [jobIds],
        );
        throw new Error(`jobs did not publish: ${bad.map((c) => `${c.n} ${c.status}`).join(", ")}; for example ${JSON.stringify(examples)}`);
      }
      if (opts.progressFrom !== undefined && open!.open) {
        console.log(`  ${seconds(Date.now() - opts.progressFrom)} after the first due time: ${counts.map((c) => `${c.n} ${c.status}`).join(", ")}`);
      }
      lastProgress = Date.now();
    }
    if (!open!.open) return;
    if (Date.now() > opts.deadline) throw new Error(`jobs still open at the time limit (BENCH_TIMEOUT_MINUTES)`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

const stack = await startTestStack("bench-realistic");
resetEnv();
resetPlatformConfig();

try {
  await settings(stack.sandboxUrl, { processingMs: 0, callDelayMs: 0 });
  const { user, workspace } = await signUp({ email: `bench-realistic-${Date.now()}@example.test`, password: "bench-password" }, { plan: "BUSINESS" });
  const scope: Scope = await scopeFromSession(user.id, workspace.id);
  const { key } = await createApiKey(scope, { name: "bench" });
  const mediaId = await uploadBenchVideo(stack.baseUrl, key);

  // Every account through the real OAuth flow against the sandbox: a sandbox profile of its own
  // and the tokens the adapters use. Providers take turns, so each is spread over the minute too.
  const accountsById = new Map<string, Account>();
  let connected = 0;
  const connectStarted = performance.now();
  const connectAll = (count: number, label: string) =>
    pool(count, 8, async (i): Promise<Account> => {
      const provider = PROVIDERS[i % PROVIDERS.length]!;
      const username = `${label}_${provider}_${i}`;
      const a = await connectAccount(scope, provider, { username, ...(provider === "instagram" ? { accountType: "BUSINESS" } : {}) });
      const account = { accountId: a.accountId, provider, username };
      accountsById.set(account.accountId, account);
      if (++connected % 1000 === 0) console.log(`  ${connected} accounts connected (${seconds(performance.now() - connectStarted)})`);
      return account;
    });
  const accounts = await connectAll(POSTS, "b");
  const warmupAccounts = await connectAll(WARMUP, "w");
  const soloAccounts = await connectAll(PROVIDERS.length, "s");
  console.log(`${connected} accounts connected in ${seconds(performance.now() - connectStarted)} (${PROVIDERS.join(", ")} in turn)`);

  // A warm-up round of immediate posts without platform latency (connection pools, prepared
  // statements, every process's JIT).
  const immediate = (list: Account[], label: string) =>
    pool(list.length, 16, async (i) => {
      const { body } = await publishPosts(scope, postBody(list[i]!.provider, list[i]!.accountId, mediaId, `${label} ${i}`));
      const result = body.results[0] as { jobId?: string; success: boolean; error?: unknown };
      if (!result.jobId) throw new Error(`${label} post refused: ${JSON.stringify(result)}`);
      return result.jobId;
    });
  await waitForJobs(await immediate(warmupAccounts, "warm-up"), { deadline: Date.now() + 600_000 });

  // One job of each provider alone, at the burst's settings: its own platform time, first call to
  // published (the calls, the processing and the flow's own pauses between its looks).
  await settings(stack.sandboxUrl, { processingMs: PROCESSING_MS, callDelayMs: CALL_DELAY_MS });
  await clearActivity(stack.sandboxUrl);
  const soloJobs = await immediate(soloAccounts, "alone");
  await waitForJobs(soloJobs, { deadline: Date.now() + 600_000 });
  const soloTimes = await readJobTimes(soloJobs, (id) => accountsById.get(id)!);
  const soloActivity = await readActivity(stack.sandboxUrl);
  const soloFirst = firstPlatformCalls(soloTimes, soloActivity);
  const own = soloTimes.map((j, i) => ({
    provider: j.provider,
    ms: j.finishedMs! - soloFirst[i]!,
    calls: callsOf(soloActivity, j)?.length ?? 0,
  }));
  const ownPlatformMs = Math.max(...own.map((o) => o.ms));
  console.log(
    `one job alone at ${CALL_DELAY_MS} ms a call and ${PROCESSING_MS / 1000} s of processing, first platform call to published: ${own
      .map((o) => `${o.provider} ${seconds(o.ms)} (${o.calls} calls with the account's token)`)
      .join(", ")}`,
  );

  // The burst: one post per account, due one after another over a minute, all accepted first.
  const firstDue = Math.ceil((Date.now() + 15_000 + POSTS * 8) / 1000) * 1000;
  const dueOf = (i: number) => firstDue + Math.floor((i * SPREAD_MS) / POSTS);
  const acceptStarted = performance.now();
  const burstJobs = await pool(POSTS, 16, async (i) => {
    const a = accounts[i]!;
    const { body } = await schedulePosts(scope, {
      ...postBody(a.provider, a.accountId, mediaId, `scheduled ${i}`),
      scheduledAt: new Date(dueOf(i)).toISOString(),
    });
    const result = body.results[0] as { jobId?: string };
    if (!result.jobId) throw new Error(`schedule refused: ${JSON.stringify(result)}`);
    return result.jobId;
  });
  const acceptSeconds = (performance.now() - acceptStarted) / 1000;
  if (Date.now() >= firstDue - 500) throw new Error(`accepting took ${acceptSeconds.toFixed(1)} s, past the first due time; rerun with fewer posts`);
  console.log(
    `${POSTS} schedules accepted in ${acceptSeconds.toFixed(1)} s (${(POSTS / acceptSeconds).toFixed(0)}/s), due from ${new Date(firstDue).toISOString()} over ${SPREAD_MS / 1000} s`,
  );

  await sleepUntil(firstDue - 300);
  await clearActivity(stack.sandboxUrl); // from here on, an account's first request is its job's first call
  const [workerPid] = pidsOfRole("worker");
  if (workerPid === undefined) throw new Error("found no worker process");
  const rssAtDue = memoryMb(workerPid);
  await sleepUntil(firstDue);
  const cpuAtDue = cpuByRole();
  await waitForJobs(burstJobs, { deadline: firstDue + TIMEOUT_MS, progressFrom: firstDue });
  const cpuAtEnd = cpuByRole();
  const memory = memoryMb(workerPid);

  const times = await readJobTimes(burstJobs, (id) => accountsById.get(id)!);
  const activity = await readActivity(stack.sandboxUrl);
  const firstCalls = firstPlatformCalls(times, activity);
  const missing = firstCalls.filter((t) => t === undefined).length;
  if (missing > 0) throw new Error(`${missing} published jobs have no platform call on record`);
  const lateness = spread(times.map((j, i) => firstCalls[i]! - j.scheduledMs!));
  const toStatus = spread(times.map((j) => j.startedMs! - j.scheduledMs!));
  const lastPublishedMs = Math.max(...times.map((j) => j.finishedMs!)) - firstDue;
  const perTenSeconds: number[] = [];
  for (const j of times)
    perTenSeconds[Math.floor((j.finishedMs! - firstDue) / 10_000)] = (perTenSeconds[Math.floor((j.finishedMs! - firstDue) / 10_000)] ?? 0) + 1;
  const serviceMs = serviceCpuMs(cpuAtDue, cpuAtEnd) / POSTS;

  console.log(`\n${POSTS} video posts (${PROVIDERS.join(", ")}), one per account, due over ${SPREAD_MS / 1000} s; one worker`);
  console.log(
    `start lateness, scheduledAt → the job's first platform call: p50 ${seconds(lateness.p50)}, p99 ${seconds(lateness.p99)}, max ${seconds(lateness.max)} (target p99 ≤ ${seconds(TARGET.latenessMs)}: ${verdict(lateness.p99 <= TARGET.latenessMs)})`,
  );
  console.log(`  (scheduledAt → startedAt, the status change: p50 ${seconds(toStatus.p50)}, p99 ${seconds(toStatus.p99)}, max ${seconds(toStatus.max)})`);
  const lastTarget = ownPlatformMs + TARGET.slackMs;
  console.log(
    `last published ${seconds(lastPublishedMs)} after the first due time (target ≤ one job's own platform time ${seconds(ownPlatformMs)} + ${TARGET.slackMs / 1000} s = ${seconds(lastTarget)}: ${verdict(lastPublishedMs <= lastTarget)}); ${(POSTS / (lastPublishedMs / 1000)).toFixed(1)} posts/s`,
  );
  // What made the last one last: how late it fell due, how late it started, and its own time against its provider's alone.
  const last = times.reduce((a, j, i) => (j.finishedMs! > times[a]!.finishedMs! ? i : a), 0);
  const alone = own.find((o) => o.provider === times[last]!.provider)!.ms;
  console.log(
    `  the last: ${times[last]!.provider}, due ${seconds(times[last]!.scheduledMs! - firstDue)} after the first, first call ${seconds(firstCalls[last]! - times[last]!.scheduledMs!)} late, first call to published ${seconds(times[last]!.finishedMs! - firstCalls[last]!)} (alone ${seconds(alone)})`,
  );
  // When its calls came, from its first, beside the same provider's job alone: which gaps grew.
  const offsets = (calls: number[] | undefined, from: number) =>
    (calls ?? [])
      .filter((t) => t >= from)
      .map((t) => ((t - from) / 1000).toFixed(2))
      .join(" ");
  const soloOfLast = soloTimes.findIndex((j) => j.provider === times[last]!.provider);
  console.log(`  its calls, s after its first: ${offsets(callsOf(activity, times[last]!), firstCalls[last]!)}`);
  console.log(`  alone:                        ${offsets(callsOf(soloActivity, soloTimes[soloOfLast]!), soloFirst[soloOfLast]!)}`);
  console.log(`published in each 10 s after the first due time: ${Array.from(perTenSeconds, (n) => n ?? 0).join(" ")}`);
  console.log(
    `worker peak RSS (VmHWM) ${memory?.peak.toFixed(0)} MB (target ≤ ${TARGET.rssMb} MB: ${verdict((memory?.peak ?? Infinity) <= TARGET.rssMb)}); RSS ${rssAtDue?.rss.toFixed(0)} MB at the first due time, ${memory?.rss.toFixed(0)} MB at the end`,
  );
  console.log(`the service's own CPU (web + worker + PostgreSQL) per post: ${serviceMs.toFixed(1)} ms; by process, from the first due time on:`);
  console.table({ "ms per post": cpuPerUnit(cpuAtDue, cpuAtEnd, POSTS) });
} finally {
  await closeDb();
  await stack.stop();
}
