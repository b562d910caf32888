// Scale-out as docs/deployment.md describes it: two web processes and two workers (each
// supervised as the launcher supervises one) on one database. A burst published through both
// web processes, one worker SIGKILLed while it holds jobs: every post published exactly once, the
// key's rate limit counted once across both web processes, and the dead worker's jobs freed by
// the launcher at its exit.
//
// The burst is of Facebook feed posts: text on Threads, X and LinkedIn is published within the
// request itself (SPEC, POST /api/v1/posts), so it never becomes a job a worker could hold. The
// test runs its own stack without a worker of its own (as the kill drill does), so that the two
// workers here are the only ones claiming.
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { closeDb, sql } from "../db.ts";
import { leasePrefix } from "../domain/publishing/engine/worker-lease.ts";
import { resetEnv } from "../env.ts";
import { resetPlatformConfig } from "../platforms/config.ts";
import { connectAccount } from "../testing/account-fixtures.ts";
import { createWorkspaceWithKey } from "../testing/fixtures.ts";
import { until } from "../testing/kill-drill.ts";
import { startTestStack, type TestStack } from "../testing/test-stack.ts";
import { startWebProcess, type WebProcess } from "../testing/web-process.ts";
import { deadWorkers, type DeadWorkers } from "./dead-workers.ts";
import { startService, type Service } from "./services.ts";
import { tsxArgs } from "./stack.ts";

const ACCOUNTS = 12;
const POSTS_PER_ACCOUNT = 4;

let stack: TestStack;
let dead: DeadWorkers;
const launcherLog: string[] = [];
let webUrls: string[] = [];
let extraWeb: WebProcess | undefined;
let workers: Service[] = [];

/** The publish jobs the worker process `pid` holds now; `inSubmit`: of them, those in the call that publishes. */
const heldBy = async (pid: number) =>
  (
    await sql<{ held: number; inSubmit: number }>(
      "test-held",
      `SELECT count(*)::int AS held,
              count(*) FILTER (WHERE "submitStartedAt" IS NOT NULL AND progress -> 'submitted' IS DISTINCT FROM 'true'::jsonb)::int AS "inSubmit"
         FROM "PublishJob" WHERE starts_with("leaseOwner", $1)`,
      [leasePrefix(pid)],
    )
  )[0]!;

beforeAll(async () => {
  process.env.WORKERS = "0"; // the workers are the two below
  stack = await startTestStack("scale-out");
  resetEnv(); // this process's database and platform clients: the stack's
  resetPlatformConfig();
  dead = deadWorkers(stack.databaseUrl, (line) => launcherLog.push(line));
  const root = process.cwd();
  workers = ["worker-a", "worker-b"].map((name) =>
    startService(name, [...tsxArgs(root), path.join(root, "server", "jobs", "worker.ts")], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: stack.databaseUrl, POSTEADY_EMBEDDED_DATABASE: "1", DATA_DIR: stack.dataDir, LOG_LEVEL: "warn" },
      log: (line) => launcherLog.push(line),
      onDeath: dead.onDeath,
    }),
  );
  // the second web process: `npm run web` on the same database
  extraWeb = await startWebProcess({ DATABASE_URL: stack.databaseUrl, DATA_DIR: stack.dataDir });
  webUrls = [stack.baseUrl, extraWeb.url];
  // a worker is up once it holds its lease
  await until(async () => {
    const leases = await sql<{ id: string }>("test-leases", `SELECT id FROM "WorkerLease"`, []);
    return workers.every((w) => leases.some((l) => l.id.startsWith(leasePrefix(w.child.pid!))));
  }, 120_000).catch(() => {
    throw new Error(`the workers did not take their leases:\n${launcherLog.join("\n")}`);
  });
  for (const w of workers) w.markUp();
}, 240_000);

afterAll(async () => {
  await Promise.all([extraWeb?.stop(), ...workers.map((w) => w.stop())]);
  await dead?.close();
  await closeDb();
  await stack?.stop();
});

it("publishes a burst through two web processes exactly once while a worker is killed, under one rate limit", { timeout: 120_000 }, async () => {
  const t = await createWorkspaceWithKey(); // Creator: 300 requests per minute
  const accounts = await Promise.all(Array.from({ length: ACCOUNTS }, () => connectAccount(t.scope, "facebook")));
  // each post's permalink look (after its publishing call) takes a while, so the workers hold
  // jobs outside the call that publishes long enough to be caught there
  const slow = await fetch(`${stack.sandboxUrl}/_sandbox/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ provider: "facebook", kind: "slow_response", operation: "object.get", delaySeconds: 0.4, times: 10_000 }),
  });
  expect(slow.status).toBe(201);
  const tag = `scale-out ${Date.now()}`;
  const pids = workers.map((w) => w.child.pid!);

  // The first worker seen holding jobs is killed, stopped first so that it can begin nothing
  // more: killed in the middle of the publishing call, a job would rightly end `unknown`
  // (the service never submits twice), which is the kill drill's to show, not this test's.
  const kill = until(async () => {
    for (const pid of pids) {
      if ((await heldBy(pid)).held === 0) continue;
      process.kill(pid, "SIGSTOP");
      await new Promise((r) => setTimeout(r, 200)); // its last statements land
      const { held, inSubmit } = await heldBy(pid);
      if (held > 0 && inSubmit === 0) {
        process.kill(pid, "SIGKILL");
        return { pid, held };
      }
      process.kill(pid, "SIGCONT");
    }
  }, 60_000);

  const publish = async (i: number) => {
    const res = await fetch(`${webUrls[i % 2]}/api/v1/posts`, {
      method: "POST",
      headers: { Authorization: `Bearer ${t.key}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        accountIds: [accounts[i % ACCOUNTS]!.accountId],
        facebook: { requestId: crypto.randomUUID(), contentType: "FEED", message: `${tag} ${i}` },
      }),
    });
    return { status: res.status, remaining: Number(res.headers.get("x-ratelimit-remaining")), body: await res.json() };
  };
  const answers = await Promise.all(Array.from({ length: ACCOUNTS * POSTS_PER_ACCOUNT }, (_, i) => publish(i)));
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 202));
  // one count for the key: each remaining value from 299 down was answered once, by either process
  expect(answers.map((a) => a.remaining).sort((a, b) => a - b)).toEqual(Array.from({ length: answers.length }, (_, i) => 300 - answers.length + i));
  const victim = await kill;

  const jobIds = answers.map((a) => a.body.results[0].jobId as string);
  const ends = await until(async () => {
    const rows = await sql<{ status: string }>("test-ends", `SELECT status FROM "PublishJob" WHERE id = ANY($1::uuid[])`, [jobIds]);
    return rows.length === jobIds.length && rows.every((r) => !["queued", "processing"].includes(r.status)) && rows;
  }, 90_000);
  expect(ends.map((r) => r.status)).toEqual(jobIds.map(() => "published")); // none lost

  const { posts } = (await (await fetch(`${stack.sandboxUrl}/_sandbox/posts?provider=facebook`)).json()) as { posts: { text: string }[] };
  const ours = posts.map((p) => p.text).filter((text) => text.startsWith(`${tag} `));
  expect(ours.sort()).toEqual(answers.map((_, i) => `${tag} ${i}`).sort()); // each once: no duplicate, none missing

  // the launcher freed the dead worker's jobs when it exited, not when its lease lapsed, and its queue jobs with them
  expect(launcherLog).toContainEqual(expect.stringContaining(`(pid ${victim.pid}) exited (SIGKILL)`));
  expect(launcherLog).toContainEqual(`[launcher] freed the ${victim.held} publish job(s) and the queue jobs of the worker (pid ${victim.pid})`);
});
