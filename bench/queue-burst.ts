// Benchmark: a queue burst (issue 49), run by `npm run bench:schedule -- --queue [posts]`.
// 10,000 post groups with `queue: true` over 400 Threads accounts (25 each, as the scheduling burst
// spreads its posts), 16 at a time, through the domain operation the API calls. Every add takes its
// account's queue lock, so adds to one account run one after another while different accounts go
// side by side. Reports adds per second and the time of one add (p50/p99), checks that no slot was
// taken twice and that each account's posts hold its first 25 free slots, times a schedule change
// (25 posts placed again) and a move. Then the burst comes due: slots are whole minutes and hold one
// post of an account each, so the bench gives the queued posts (still queue items) the times due,
// due + 1 s, … due + 24 s, one per account per second, 400 a second, and reports how late each was
// handed to the publishing queue (the scheduler's lateness, as bench:schedule reports it) and when
// the last was published.
import { closeDb, sql } from "../server/db.ts";
import { createPostGroup } from "../server/domain/post-groups/create-post-group.ts";
import { putPostingSchedule } from "../server/domain/queue/posting-schedule.ts";
import { moveQueueItem, getQueue } from "../server/domain/queue/queue-items.ts";
import { freeSlots, DAYS } from "../server/domain/queue/slot-times.ts";
import { resetEnv } from "../server/env.ts";
import { resetPlatformConfig } from "../server/platforms/config.ts";
import { connectAccount } from "../server/testing/account-fixtures.ts";
import { startTestStack } from "../server/testing/test-stack.ts";
import { benchWorkspace } from "./bench-workspace.ts";
import { pool } from "./pool.ts";
import { spread } from "./platform-activity.ts";

const POSTS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 10_000);
const PER_ACCOUNT = 25;

const stack = await startTestStack("bench-queue");
resetEnv();
resetPlatformConfig();

try {
  const { scope } = await benchWorkspace(stack, "bench-queue");
  const accounts = await pool(Math.ceil(POSTS / PER_ACCOUNT), 8, () => connectAccount(scope, "threads"));
  // every hour of every day at :15, so the first 25 free slots are the next 25 hours
  const schedule = {
    timezone: "Europe/Berlin",
    slots: DAYS.flatMap((day) => Array.from({ length: 24 }, (_, h) => ({ day, time: `${String(h).padStart(2, "0")}:15` }))),
  };
  await pool(accounts.length, 8, (i) => putPostingSchedule(scope, accounts[i]!.accountId, schedule));

  const took: number[] = [];
  const started = performance.now();
  const from = new Date();
  await pool(POSTS, 16, async (i) => {
    const t0 = performance.now();
    await createPostGroup(scope, {
      requestId: crypto.randomUUID(),
      content: { text: `queued ${i}` },
      targets: [{ accountId: accounts[i % accounts.length]!.accountId }],
      queue: true,
    });
    took.push(performance.now() - t0);
  });
  const seconds = (performance.now() - started) / 1000;
  const one = spread(took);
  console.log(
    `${POSTS} adds to ${accounts.length} queues in ${seconds.toFixed(1)} s (${(POSTS / seconds).toFixed(0)}/s); one add p50 ${one.p50.toFixed(0)} ms, p99 ${one.p99.toFixed(0)} ms`,
  );

  const [check] = await sql<{ jobs: number; slots: number }>(
    "bench-queue-slots",
    `SELECT count(*)::int AS jobs, count(DISTINCT ("accountId", "scheduledAt"))::int AS slots FROM "PublishJob" WHERE "workspaceId" = $1 AND "inQueue"`,
    [scope.workspaceId],
  );
  if (check!.jobs !== POSTS || check!.slots !== POSTS) throw new Error(`${check!.jobs} queued posts hold ${check!.slots} slots`);
  // each account's posts in its first free slots from the start, no gap
  const expected = freeSlots(schedule, from, PER_ACCOUNT).map((d) => d.toISOString());
  const sample = await getQueue(scope, accounts[0]!.accountId);
  const got = sample.items.map((i) => i.scheduledAt);
  if (JSON.stringify(got) !== JSON.stringify(expected.slice(0, got.length)))
    throw new Error(`account 1's queue is not in its first free slots: ${got.slice(0, 3).join(", ")}…`);
  console.log(`no slot taken twice: ${check!.jobs} queued posts in ${check!.slots} distinct (account, slot) pairs; each account's in its first free slots`);

  const t1 = performance.now();
  await putPostingSchedule(scope, accounts[0]!.accountId, { ...schedule, slots: schedule.slots.filter((_, i) => i % 2 === 0) });
  const reflowMs = performance.now() - t1;
  const t2 = performance.now();
  const queue = await getQueue(scope, accounts[1]!.accountId);
  await moveQueueItem(scope, queue.items.at(-1)!.scheduledPostId, 1);
  const moveMs = performance.now() - t2;
  console.log(
    `a schedule change placing ${PER_ACCOUNT} queued posts again: ${reflowMs.toFixed(0)} ms; moving the last post of a queue to the front: ${moveMs.toFixed(0)} ms`,
  );

  // The burst comes due: 400 queued posts a second for 25 seconds, each still a queue item.
  const due = new Date(Math.ceil((Date.now() + 10_000) / 1000) * 1000);
  await sql(
    "bench-queue-due",
    `WITH r AS (
       SELECT id, row_number() OVER (PARTITION BY "accountId" ORDER BY "scheduledAt", id) - 1 AS k FROM "PublishJob"
        WHERE "workspaceId" = $1 AND "inQueue" AND status = 'scheduled'
     ), j AS (
       UPDATE "PublishJob" p SET "scheduledAt" = $2::timestamptz + r.k * interval '1 second' FROM r WHERE p.id = r.id RETURNING p."scheduledPostId", p."scheduledAt"
     )
     UPDATE "ScheduledPost" s SET "scheduledAt" = j."scheduledAt" FROM j WHERE s.id = j."scheduledPostId"`,
    [scope.workspaceId, due],
  );
  for (;;) {
    const [row] = await sql<{ open: boolean }>(
      "bench-queue-open",
      `SELECT EXISTS (SELECT FROM "PublishJob" WHERE "workspaceId" = $1 AND status IN ('scheduled', 'queued', 'processing')) AS open`,
      [scope.workspaceId],
    );
    if (!row!.open) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const [stats] = await sql<{ p50: number; p99: number; max: number; last: number; bad: number }>(
    "bench-queue-lateness",
    `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY "startLateMs") AS p50, percentile_cont(0.99) WITHIN GROUP (ORDER BY "startLateMs") AS p99,
            max("startLateMs") AS max, extract(epoch FROM max("finishedAt") - $2::timestamptz) AS last,
            count(*) FILTER (WHERE status <> 'published')::int AS bad
       FROM "PublishJob" WHERE "workspaceId" = $1 AND "inQueue"`,
    [scope.workspaceId, due],
  );
  console.log(
    `queued posts due 400 a second for ${PER_ACCOUNT} s: handed to the publishing queue p50 ${(Number(stats!.p50) / 1000).toFixed(2)} s, p99 ${(Number(stats!.p99) / 1000).toFixed(2)} s, max ${(Number(stats!.max) / 1000).toFixed(2)} s late (bench:schedule's target p99 ≤ 1 s); the last published ${Number(stats!.last).toFixed(1)} s after the first due second; not published: ${stats!.bad}`,
  );
} finally {
  await closeDb();
  await stack.stop();
}
