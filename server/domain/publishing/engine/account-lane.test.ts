// Account lanes: an account's jobs publish one at a time, jobs that find it busy wait in line and
// are handed on, and a lane whose holder died is passed on by the watchdog.
import { describe, expect, it } from "vitest";
import { sql } from "../../../db.ts";
import { scopeFromSession } from "../../../scope.ts";
import { connectAccount } from "../../../testing/account-fixtures.ts";
import { api, createWorkspaceWithKey } from "../../../testing/fixtures.ts";
import { fault, sandboxPosts } from "../../../testing/platform-fixtures.ts";
import { publish, uploadVideo, waitForJob } from "../../../testing/publish-fixtures.ts";
import { addPublishEntry, publishJobKey } from "./publish-queue.ts";

async function setup() {
  const t = await createWorkspaceWithKey();
  return { ...t, scope: await scopeFromSession(t.user.id, t.workspace.id), call: api(t.key) };
}

const rid = () => crypto.randomUUID();
const video = (accountId: string, mediaId: string, caption: string) => ({
  accountIds: [accountId],
  posts: [caption],
  video: { mediaId, requestId: rid(), privacyLevel: "PUBLIC_TO_EVERYONE" },
});

type Lane = { holder: string | null; running: boolean; waiters: string[] };
async function lane(accountId: string): Promise<Lane> {
  const [row] = await sql<Lane>("test-lane", `SELECT holder, running, waiters FROM "PublishLane" WHERE "accountId" = $1`, [accountId]);
  if (!row) throw new Error(`no lane for account ${accountId}`);
  return row;
}

/** The lane held by a run that is not there (a worker that died mid-publish) until `seconds` from now. */
async function holdLane(accountId: string, seconds: number) {
  await sql(
    "test-hold-lane",
    `INSERT INTO "PublishLane" ("accountId", holder, running, "heldUntil") VALUES ($1, gen_random_uuid(), true, now() + make_interval(secs => $2))
     ON CONFLICT ("accountId") DO UPDATE SET holder = EXCLUDED.holder, running = true, "heldUntil" = EXCLUDED."heldUntil"`,
    [accountId, seconds],
  );
}

/** Queue entries (keyed) of these jobs. */
async function queueEntries(jobIds: string[]): Promise<number> {
  const [row] = await sql<{ n: number }>("test-publish-entries", `SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key = ANY($1::text[])`, [
    jobIds.map(publishJobKey),
  ]);
  return row!.n;
}

async function until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ; await new Promise((r) => setTimeout(r, 100))) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
  }
}

describe("account lanes", () => {
  it("publishes an account's jobs one at a time, all of them, while another account's go on", async () => {
    const t = await setup();
    const [a, b] = [await connectAccount(t.scope, "tiktok"), await connectAccount(t.scope, "tiktok")];
    const { mediaId } = await uploadVideo(t.key);
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => publish(t.key, video(a.accountId, mediaId, `a ${i}`))),
      ...Array.from({ length: 3 }, (_, i) => publish(t.key, video(b.accountId, mediaId, `b ${i}`))),
    ]);
    expect(answers.map((r) => r.status)).toEqual(Array(9).fill(202));
    for (const r of answers) expect((await waitForJob(t.key, r.json.results[0].jobId)).status).toBe("published");

    for (const account of [a, b]) {
      const runs = await sql<{ startedAt: Date; finishedAt: Date }>(
        "test-lane-runs",
        `SELECT "startedAt", "finishedAt" FROM "PublishJob" WHERE "accountId" = $1 ORDER BY "startedAt"`,
        [account.accountId],
      );
      for (let i = 1; i < runs.length; i++) expect(runs[i]!.startedAt.getTime()).toBeGreaterThanOrEqual(runs[i - 1]!.finishedAt.getTime());
      expect(await lane(account.accountId)).toEqual({ holder: null, running: false, waiters: [] });
    }
    expect((await sandboxPosts("tiktok", a.username)).map((p) => p.text).sort()).toEqual(Array.from({ length: 6 }, (_, i) => `a ${i}`));
    expect(await sandboxPosts("tiktok", b.username)).toHaveLength(3);
  });

  it("keeps jobs in line while a dead run holds the lane, and the watchdog hands them on when its lease lapses", async () => {
    const t = await setup();
    const tiktok = await connectAccount(t.scope, "tiktok");
    const { mediaId } = await uploadVideo(t.key);
    await holdLane(tiktok.accountId, 3);
    const first = (await publish(t.key, video(tiktok.accountId, mediaId, "first"))).json.results[0].jobId;
    await until(
      "first in line",
      () => lane(tiktok.accountId),
      (l) => l.waiters.length === 1,
    );
    const second = (await publish(t.key, video(tiktok.accountId, mediaId, "second"))).json.results[0].jobId;
    const line = await until(
      "both in line",
      () => lane(tiktok.accountId),
      (l) => l.waiters.length === 2,
    );
    expect(line.waiters).toEqual([first, second]);
    expect((await t.call("GET", `/api/v1/publish-jobs/${first}`)).json.status).toBe("queued");

    expect((await waitForJob(t.key, first, 20_000)).status).toBe("published");
    expect((await waitForJob(t.key, second)).status).toBe("published");
    expect((await sandboxPosts("tiktok", tiktok.username)).map((p) => p.text)).toEqual(["first", "second"]);
  });

  it("passes the lane over a waiter canceled in line to the next one", async () => {
    const t = await setup();
    const tiktok = await connectAccount(t.scope, "tiktok");
    const { mediaId } = await uploadVideo(t.key);
    await holdLane(tiktok.accountId, 6);
    const scheduled = [];
    for (const [caption, seconds] of [
      ["canceled in line", 1.5],
      ["next in line", 2.5],
    ] as const) {
      const scheduledAt = new Date(Date.now() + seconds * 1000).toISOString();
      const res = await t.call("POST", "/api/v1/scheduled-posts", { body: { ...video(tiktok.accountId, mediaId, caption), scheduledAt } });
      expect(res.status).toBe(200);
      scheduled.push(res.json.results[0]);
    }
    const line = await until(
      "both in line",
      () => lane(tiktok.accountId),
      (l) => l.waiters.length === 2,
    );
    expect(line.waiters).toEqual(scheduled.map((s) => s.jobId));
    const canceled = await t.call("DELETE", `/api/v1/scheduled-posts/${scheduled[0].scheduledPostIds[0]}?platform=tiktok`);
    expect(canceled.json).toEqual({ canceled: 1 });

    expect((await waitForJob(t.key, scheduled[1].jobId, 20_000)).status).toBe("published");
    expect((await waitForJob(t.key, scheduled[0].jobId)).status).toBe("canceled");
    expect((await sandboxPosts("tiktok", tiktok.username)).map((p) => p.text)).toEqual(["next in line"]);
    await until(
      "lane free",
      () => lane(tiktok.accountId),
      (l) => l.holder === null && l.waiters.length === 0,
    );
  });

  it("puts posts accepted while their account publishes in its line, without queue entries, and publishes them in order", async () => {
    const t = await setup();
    const tiktok = await connectAccount(t.scope, "tiktok");
    const { mediaId } = await uploadVideo(t.key);
    await fault("tiktok", "slow_response", { operation: "creator_info.query", delaySeconds: 2 });
    const first = (await publish(t.key, video(tiktok.accountId, mediaId, "first"))).json.results[0].jobId;
    const later = [];
    for (const caption of ["second", "third"]) later.push((await publish(t.key, video(tiktok.accountId, mediaId, caption))).json.results[0].jobId);
    const held = await lane(tiktok.accountId);
    expect(held.holder).toBe(first); // reserved for the first from its acceptance, running once claimed
    expect(held.waiters).toEqual(later);
    expect(await queueEntries(later)).toBe(0);

    for (const jobId of [first, ...later]) expect((await waitForJob(t.key, jobId)).status).toBe("published");
    expect((await sandboxPosts("tiktok", tiktok.username)).map((p) => p.text)).toEqual(["first", "second", "third"]);
    const runs = await sql<{ id: string; attempts: number }>("test-lane-attempts", `SELECT id, attempts FROM "PublishJob" WHERE id = ANY($1::uuid[])`, [
      [first, ...later],
    ]);
    expect(runs.map((r) => r.attempts)).toEqual([1, 1, 1]);
    await until(
      "lane free",
      () => lane(tiktok.accountId),
      (l) => l.holder === null && l.waiters.length === 0,
    );
    expect(await queueEntries([first, ...later])).toBe(0);
  });

  it("lines up an account's posts falling due together: the first keeps its queue entry, the others wait in line without theirs", async () => {
    const t = await setup();
    const [a, b] = [await connectAccount(t.scope, "tiktok"), await connectAccount(t.scope, "tiktok")];
    const { mediaId } = await uploadVideo(t.key);
    const schedule = async (accountId: string, caption: string): Promise<{ jobId: string; scheduledPostIds: string[] }> => {
      const res = await t.call("POST", "/api/v1/scheduled-posts", {
        body: { ...video(accountId, mediaId, caption), scheduledAt: new Date(Date.now() + 3_600_000).toISOString() },
      });
      expect(res.status).toBe(200);
      return res.json.results[0];
    };
    const ofA = [await schedule(a.accountId, "a one"), await schedule(a.accountId, "a two"), await schedule(a.accountId, "a three")];
    const ofB = [await schedule(b.accountId, "b one"), await schedule(b.accountId, "b two")];
    const jobsOf = (posts: { jobId: string }[]) => posts.map((p) => p.jobId);
    // Their time has come while their queue entries still wait an hour: only the scheduler moves them.
    await sql("test-due-together", `UPDATE "PublishJob" SET "scheduledAt" = now() - interval '1 second' WHERE id = ANY($1::uuid[])`, [
      jobsOf([...ofA, ...ofB]),
    ]);
    const lined = await until(
      "a lined up",
      () => lane(a.accountId).catch(() => null),
      (l) => l?.waiters.length === 2,
    );
    expect(lined).toEqual({ holder: ofA[0]!.jobId, running: false, waiters: jobsOf(ofA.slice(1)) });
    expect(await queueEntries(jobsOf(ofA.slice(1)))).toBe(0);
    expect(await queueEntries([ofA[0]!.jobId])).toBe(1);

    // Canceling the post a lane is reserved for hands the lane to the next in line at once.
    await until(
      "b lined up",
      () => lane(b.accountId).catch(() => null),
      (l) => l?.waiters.length === 1,
    );
    expect((await t.call("DELETE", `/api/v1/scheduled-posts/${ofB[0]!.scheduledPostIds[0]}?platform=tiktok`)).json).toEqual({ canceled: 1 });
    expect((await lane(b.accountId)).holder).toBe(ofB[1]!.jobId);
    expect((await waitForJob(t.key, ofB[1]!.jobId)).status).toBe("published");

    // The first's entry comes round: it runs, and the run goes on through the line.
    await sql("test-entry-now", `SELECT ${addPublishEntry({ id: "$1::uuid", accountId: "$2::uuid" })}`, [ofA[0]!.jobId, a.accountId]);
    for (const jobId of jobsOf(ofA)) expect((await waitForJob(t.key, jobId)).status).toBe("published");
    expect((await sandboxPosts("tiktok", a.username)).map((p) => p.text)).toEqual(["a one", "a two", "a three"]);
    const runs = await sql<{ attempts: number }>("test-due-attempts", `SELECT attempts FROM "PublishJob" WHERE id = ANY($1::uuid[])`, [jobsOf(ofA)]);
    expect(runs.map((r) => r.attempts)).toEqual([1, 1, 1]);
    await until(
      "lanes free",
      async () => [await lane(a.accountId), await lane(b.accountId)],
      (ls) => ls.every((l) => l.holder === null && l.waiters.length === 0),
    );
  });

  it("runs an account's older ready post first when a worker reaches a younger one's queue entry before any line-up", async () => {
    const t = await setup();
    const tiktok = await connectAccount(t.scope, "tiktok");
    const { mediaId } = await uploadVideo(t.key);
    const scheduledAt = new Date(Date.now() + 3_600_000).toISOString();
    const schedule = async (caption: string): Promise<string> => {
      const res = await t.call("POST", "/api/v1/scheduled-posts", { body: { ...video(tiktok.accountId, mediaId, caption), scheduledAt } });
      expect(res.status).toBe(200);
      return res.json.results[0].jobId;
    };
    const [older, younger] = [await schedule("older"), await schedule("younger")];
    // Both due and started, with no lane yet and their entries still an hour away: as a scheduler
    // that started them and stopped before lining them up leaves them. The younger's entry comes first.
    await sql("test-started-unlined", `UPDATE "PublishJob" SET status = 'queued', "scheduledAt" = now() - interval '1 second' WHERE id = ANY($1::uuid[])`, [
      [older, younger],
    ]);
    await sql("test-entry-now", `SELECT ${addPublishEntry({ id: "$1::uuid", accountId: "$2::uuid" })}`, [younger, tiktok.accountId]);
    // The younger steps back: its entry is put a second ahead, and nothing publishes.
    await until(
      "the younger's entry put back",
      () =>
        sql<{ later: boolean }>(
          "test-entry-later",
          `SELECT run_at > now() AND run_at < now() + interval '2 seconds' AS later FROM graphile_worker.jobs WHERE key = $1`,
          [publishJobKey(younger)],
        ),
      (rows) => rows[0]?.later === true,
    );
    expect(await sandboxPosts("tiktok", tiktok.username)).toEqual([]);
    await sql("test-entry-now", `SELECT ${addPublishEntry({ id: "$1::uuid", accountId: "$2::uuid" })}`, [older, tiktok.accountId]);
    for (const jobId of [older, younger]) expect((await waitForJob(t.key, jobId)).status).toBe("published");
    expect((await sandboxPosts("tiktok", tiktok.username)).map((p) => p.text)).toEqual(["older", "younger"]);
    await until(
      "lane free",
      () => lane(tiktok.accountId),
      (l) => l.holder === null && l.waiters.length === 0,
    );
    expect(await queueEntries([older, younger])).toBe(0);
  });

  it("goes on through an account's backlog oldest first, passing over a post canceled meanwhile, and leaves no queue entries", async () => {
    const t = await setup();
    const tiktok = await connectAccount(t.scope, "tiktok");
    const { mediaId } = await uploadVideo(t.key);
    // The first run is slow, so the others are due and waiting when it ends.
    await fault("tiktok", "slow_response", { operation: "creator_info.query", delaySeconds: 2 });
    const scheduledAt = new Date(Date.now() + 1500).toISOString();
    const schedule = async (caption: string): Promise<{ jobId: string; scheduledPostIds: string[] }> => {
      const res = await t.call("POST", "/api/v1/scheduled-posts", { body: { ...video(tiktok.accountId, mediaId, caption), scheduledAt } });
      expect(res.status).toBe(200);
      return res.json.results[0];
    };
    const [one, two, three, four] = [await schedule("one"), await schedule("two"), await schedule("three"), await schedule("four")];
    await until(
      "the first running",
      () => t.call("GET", `/api/v1/publish-jobs/${one.jobId}`),
      (r) => r.json.status === "processing",
    );
    const canceled = await t.call("DELETE", `/api/v1/scheduled-posts/${three.scheduledPostIds[0]}?platform=tiktok`);
    expect(canceled.json).toEqual({ canceled: 1 });

    for (const post of [one, two, four]) expect((await waitForJob(t.key, post.jobId)).status).toBe("published");
    expect((await t.call("GET", `/api/v1/publish-jobs/${three.jobId}`)).json.status).toBe("canceled");
    expect((await sandboxPosts("tiktok", tiktok.username)).map((p) => p.text)).toEqual(["one", "two", "four"]);
    await until(
      "lane free",
      () => lane(tiktok.accountId),
      (l) => l.holder === null && l.waiters.length === 0,
    );
    expect(await queueEntries([one, two, three, four].map((s) => s.jobId))).toBe(0);
  });
});
