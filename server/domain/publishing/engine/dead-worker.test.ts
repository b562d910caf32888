// What the launcher frees when its worker dies (watchdog.ts freeDeadWorker): every job the dead
// process held, at once, except one caught in the call that publishes, which stays held under the
// lease until the lease lapses (so the call has landed before the next run asks the platform).
import { expect, it } from "vitest";
import { sql } from "../../../db.ts";
import { connectAccount } from "../../../testing/account-fixtures.ts";
import { api, createWorkspaceWithKey } from "../../../testing/fixtures.ts";
import { freeDeadWorker, freeLapsedJobs } from "./watchdog.ts";
import { leasePrefix } from "./worker-lease.ts";

/** A dead worker's lease (a process id no worker has) and its jobs: one per account, as claims make them. */
async function deadWorkerHolding(jobs: { submitStarted: boolean; submitted: boolean }[]) {
  const t = await createWorkspaceWithKey();
  const lease = `${leasePrefix(4_000_000 + Math.floor(Math.random() * 100_000))}${crypto.randomUUID().slice(0, 8)}`;
  await sql("test-lease", `INSERT INTO "WorkerLease" (id, "expiresAt") VALUES ($1, now() + interval '1 hour')`, [lease]);
  const ids: string[] = [];
  for (const [i, job] of jobs.entries()) {
    const account = await connectAccount(t.scope, "threads");
    const res = await api(t.key)("POST", "/api/v1/scheduled-posts", {
      body: { accountIds: [account.accountId], posts: [`held ${i}`], scheduledAt: new Date(Date.now() + 3600_000).toISOString() },
    });
    expect([200, 202], res.text).toContain(res.status);
    const [row] = await sql<{ id: string }>(
      "test-hold",
      `UPDATE "PublishJob" SET status = 'processing', "leaseOwner" = $2, "startedAt" = now(),
              "submitStartedAt" = CASE WHEN $3 THEN now() END, progress = CASE WHEN $4 THEN '{"submitted":true}'::jsonb ELSE progress END
        WHERE "scheduledPostId" = $1 RETURNING id`,
      [res.json.results[0].scheduledPostIds[0], `${lease}/${i + 1}`, job.submitStarted, job.submitted],
    );
    ids.push(row!.id);
  }
  /** for each job, in order: whether the dead worker's lease still holds it */
  const owners = async () => {
    const rows = await sql<{ id: string; leaseOwner: string | null }>("test-owners", `SELECT id, "leaseOwner" FROM "PublishJob" WHERE id = ANY($1::uuid[])`, [
      ids,
    ]);
    return ids.map((id) => rows.find((r) => r.id === id)!.leaseOwner?.startsWith(lease) ?? false);
  };
  const leaseLeft = async () => (await sql("test-lease-left", `SELECT 1 FROM "WorkerLease" WHERE id = $1`, [lease])).length === 1;
  return { lease, prefix: lease.slice(0, lease.lastIndexOf(":") + 1), ids, owners, leaseLeft };
}

it("frees a dead worker's jobs at once and drops its lease", async () => {
  const dead = await deadWorkerHolding([
    { submitStarted: false, submitted: false },
    // published, waiting for the platform's processing: nothing in flight
    { submitStarted: true, submitted: true },
  ]);
  expect(await freeDeadWorker(dead.prefix)).toEqual({ freed: 2, held: 0, queuePools: 0 });
  expect(await dead.owners()).toEqual([false, false]);
  expect(await dead.leaseLeft()).toBe(false);
});

it("holds a job caught in the publishing call until the lease lapses, freeing the others", async () => {
  const dead = await deadWorkerHolding([
    { submitStarted: false, submitted: false },
    { submitStarted: true, submitted: false },
  ]);
  expect(await freeDeadWorker(dead.prefix)).toEqual({ freed: 1, held: 1, queuePools: 0 });
  expect(await dead.owners()).toEqual([false, true]);
  expect(await dead.leaseLeft()).toBe(true);
  // once the lease has lapsed, the watchdog frees it (the next run asks the platform what happened)
  await sql("test-lapse", `UPDATE "WorkerLease" SET "expiresAt" = now() - interval '3 seconds' WHERE id = $1`, [dead.lease]);
  await freeLapsedJobs();
  expect(await dead.owners()).toEqual([false, false]);
  expect(await dead.leaseLeft()).toBe(false);
});

it("releases the queue jobs (syncs, carousels, imports) the dead worker had locked", async () => {
  // the running worker names its queue pool on its lease, as a dead one would have
  const named = await sql<{ queuePool: string | null }>("test-pools", `SELECT "queuePool" FROM "WorkerLease"`, []);
  expect(named.length).toBeGreaterThan(0);
  for (const lease of named) expect(lease.queuePool).toMatch(/^pool-/);

  const dead = await deadWorkerHolding([]);
  const pool = `pool-dead-${crypto.randomUUID().slice(0, 8)}`;
  await sql("test-pool", `UPDATE "WorkerLease" SET "queuePool" = $2 WHERE id = $1`, [dead.lease, pool]);
  // a job of a named queue (as an account's syncs are), locked by the dead worker's pool as the
  // queue locks the jobs it runs; no live worker knows its task, so none takes it
  const queue = `sync:test-${pool}`;
  const [job] = await sql<{ id: string }>("test-queue-job", `SELECT id FROM graphile_worker.add_job('test-dead-worker', '{}'::json, queue_name => $1)`, [
    queue,
  ]);
  await sql("test-lock-job", `UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = $2 WHERE id = $1`, [job!.id, pool]);
  await sql("test-lock-queue", `UPDATE graphile_worker._private_job_queues SET locked_at = now(), locked_by = $2 WHERE queue_name = $1`, [queue, pool]);
  const locks = async () =>
    (
      await sql<{ locks: number }>(
        "test-locks",
        `SELECT (SELECT count(*) FROM graphile_worker._private_jobs WHERE id = $1 AND locked_by IS NOT NULL)
              + (SELECT count(*) FROM graphile_worker._private_job_queues WHERE queue_name = $2 AND locked_by IS NOT NULL) AS locks`,
        [job!.id, queue],
      )
    )[0]!.locks;
  expect(Number(await locks())).toBe(2);

  expect(await freeDeadWorker(dead.prefix)).toEqual({ freed: 0, held: 0, queuePools: 1 });
  expect(Number(await locks())).toBe(0);
  expect(await dead.leaseLeft()).toBe(false);
  await sql("test-cleanup", `SELECT graphile_worker.complete_jobs(ARRAY[$1::bigint])`, [job!.id]);
});
