// The publishing engine's behavioural contract, seen only from outside: the REST API, and what the
// sandbox platform recorded (posts, their creation times) with its own slow faults. Nothing here
// reads the engine's tables or imports its code, so these tests hold for any engine design that
// keeps the promises users rely on (docs/testing.md, "The publishing engine's contract").
// The other half of the contract, a worker killed mid-publish, is kill-drill.test.ts: it needs a
// stack of its own whose workers it can kill.
import { describe, expect, it } from "vitest";
import { connectAccount } from "../../testing/account-fixtures.ts";
import { api, createWorkspaceWithKey } from "../../testing/fixtures.ts";
import { fault, sandboxPosts } from "../../testing/platform-fixtures.ts";
import { publish, uploadVideo, waitForJob } from "../../testing/publish-fixtures.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A Business workspace (its API rate leaves room for polling) with one uploaded video. */
async function setup() {
  const t = await createWorkspaceWithKey({ plan: "BUSINESS" });
  const { mediaId } = await uploadVideo(t.key);
  const call = api(t.key);
  const account = () => connectAccount(t.scope, "tiktok");
  const body = (accountId: string, caption: string) => ({
    accountIds: [accountId],
    posts: [caption],
    video: { mediaId, requestId: crypto.randomUUID(), privacyLevel: "PUBLIC_TO_EVERYONE" },
  });
  /** Publishes now; answers the job. */
  const post = async (accountId: string, caption: string): Promise<string> => {
    const res = await publish(t.key, body(accountId, caption));
    expect(res.status, res.text).toBe(202);
    return res.json.results[0].jobId;
  };
  /** Schedules for `at`; answers the job and the scheduled post. */
  const schedule = async (accountId: string, caption: string, at: number): Promise<{ jobId: string; scheduledPostId: string }> => {
    const res = await call("POST", "/api/v1/scheduled-posts", { body: { ...body(accountId, caption), scheduledAt: new Date(at).toISOString() } });
    expect(res.status, res.text).toBe(200); // SPEC: an accepted tiktok schedule answers 200
    return { jobId: res.json.results[0].jobId, scheduledPostId: res.json.results[0].scheduledPostIds[0] };
  };
  const status = async (jobId: string): Promise<string> => {
    const res = await call("GET", `/api/v1/publish-jobs/${jobId}`);
    expect(res.status).toBe(200);
    return res.json.status;
  };
  const published = async (jobIds: string[], timeoutMs = 30_000) => {
    for (const jobId of jobIds) expect((await waitForJob(t.key, jobId, timeoutMs)).status).toBe("published");
  };
  return { ...t, call, account, post, schedule, status, published };
}

/** The account's posts on the platform, oldest first, with their creation times (ms). */
async function platformPosts(username: string) {
  const posts = (await sandboxPosts("tiktok", username)).map((p) => ({ text: p.text, at: Date.parse(p.createdAt) }));
  return posts.sort((a, b) => a.at - b.at);
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 10_000) {
  for (const deadline = Date.now() + timeoutMs; !(await check()); await sleep(50)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
  }
}

describe("publishing engine: what users rely on", () => {
  // ten TikTok publications one after another: 30 s was not enough with two other suites beside it
  it("publishes an account's posts in order: immediate ones as accepted, scheduled ones by time, then acceptance", { timeout: 90_000 }, async () => {
    const t = await setup();
    const acc = await t.account();
    // The account is busy with a slow first post, so every later post is ready and waiting when
    // it ends: the order they then go in is the engine's choice, not the order they arrived in.
    await fault("tiktok", "slow_response", { operation: "creator_info.query", username: acc.username, delaySeconds: 5 });
    const first = await t.post(acc.accountId, "first");
    await until("the first post to start", async () => (await t.status(first)) === "processing");
    const immediate = [];
    for (const caption of ["now 1", "now 2", "now 3"]) immediate.push(await t.post(acc.accountId, caption));
    // Accepted out of time order. Some fall due apart, some a millisecond apart (the same moment
    // for the scheduler, so only the engine's ordering puts them right), and two at one time:
    // the one accepted first of those goes first.
    const base = Date.now() + 1_000;
    const scheduled = [
      await t.schedule(acc.accountId, "at +600 ms", base + 600),
      await t.schedule(acc.accountId, "at +0, accepted first", base),
      await t.schedule(acc.accountId, "at +2 ms", base + 2),
      await t.schedule(acc.accountId, "at +300 ms", base + 300),
      await t.schedule(acc.accountId, "at +0, accepted second", base),
      await t.schedule(acc.accountId, "at +1 ms", base + 1),
    ];
    // All of them are due, and the account still busy: from here the order is the engine's.
    await sleep(Math.max(0, base + 900 - Date.now()));
    expect(await t.status(first)).toBe("processing");

    await t.published([first, ...immediate, ...scheduled.map((s) => s.jobId)]);
    expect((await platformPosts(acc.username)).map((p) => p.text)).toEqual([
      "first",
      "now 1",
      "now 2",
      "now 3",
      "at +0, accepted first",
      "at +0, accepted second",
      "at +1 ms",
      "at +2 ms",
      "at +300 ms",
      "at +600 ms",
    ]);
  });

  it("never has two posts of one account in flight at once, however slow the platform", async () => {
    const t = await setup();
    const acc = await t.account();
    // Each video takes the platform at least a second to process after its upload.
    const processingMs = 1_000;
    await fault("tiktok", "slow_processing", { operation: "video.init", username: acc.username, delaySeconds: processingMs / 1000, times: 4 });
    const jobs = await Promise.all(["one", "two", "three", "four"].map((caption) => t.post(acc.accountId, caption)));

    // Watch the jobs as a client does, all the while they run. One round's four reads are not one
    // snapshot (a hand-off between them can show the ending and the starting job both processing),
    // so jobs count as running together when two rounds in a row see them so: runs that overlapped
    // would for a second, a hand-off seen across skewed reads lasts one round at most.
    const seenProcessing = new Set<string>();
    let mostAtOnce = 0;
    let before = new Set<string>();
    for (const deadline = Date.now() + 30_000; ; await sleep(100)) {
      const statuses = await Promise.all(jobs.map((jobId) => t.status(jobId)));
      const processing = jobs.filter((_, i) => statuses[i] === "processing");
      for (const jobId of processing) seenProcessing.add(jobId);
      mostAtOnce = Math.max(mostAtOnce, processing.filter((jobId) => before.has(jobId)).length);
      before = new Set(processing);
      if (statuses.every((s) => ["published", "failed", "canceled", "unknown"].includes(s))) break;
      if (Date.now() > deadline) throw new Error(`jobs still ${statuses.join(", ")}`);
    }
    await t.published(jobs);
    expect(seenProcessing.size).toBe(jobs.length); // every run lasted long enough to be seen
    expect(mostAtOnce).toBe(1);

    // The platform's side: a post's video is uploaded only after the one before it was posted,
    // and then processes for `processingMs`, so posts that ran one at a time are at least that
    // far apart. Posts that ran side by side would land together.
    const posts = await platformPosts(acc.username);
    expect(posts).toHaveLength(jobs.length);
    const gaps = posts.slice(1).map((p, i) => p.at - posts[i]!.at);
    expect(gaps.filter((gap) => gap < processingMs)).toEqual([]);
  });

  it("does not hold one account's post back behind another account's backlog", async () => {
    const t = await setup();
    const [busy, quiet] = [await t.account(), await t.account()];
    // Every post of the busy account spends a second at the platform before its upload.
    const backlogSize = 6;
    await fault("tiktok", "slow_response", { operation: "creator_info.query", username: busy.username, delaySeconds: 1, times: backlogSize });
    const backlog = [];
    for (let i = 1; i <= backlogSize; i++) backlog.push(await t.post(busy.accountId, `backlog ${i}`));
    const single = await t.post(quiet.accountId, "single");

    await t.published([single, ...backlog]);
    const [alone] = await platformPosts(quiet.username);
    const busyPosts = await platformPosts(busy.username);
    expect(busyPosts).toHaveLength(backlogSize);
    // The backlog takes at least six seconds; the single post, accepted after all of it, was out
    // while most of the backlog was still to come.
    const backlogBeforeSingle = busyPosts.filter((p) => p.at < alone!.at).length;
    expect(backlogBeforeSingle).toBeLessThanOrEqual(2);
  });

  it("gives a cancel racing a scheduled post's start exactly one winner", async () => {
    const t = await setup();
    // One account per round, so each round's posts on the platform are its own.
    const accounts = await Promise.all(Array.from({ length: 16 }, () => t.account()));
    const at = Date.now() + 2_500;
    const rounds = await Promise.all(accounts.map(async (acc, i) => ({ acc, ...(await t.schedule(acc.accountId, `race ${i}`, at)) })));
    // The cancels land from well before the post's time (it surely wins) through the moments a
    // worker starts it, to well after (the start surely won); those in between are the race.
    const offsets = rounds.map((_, i) => (i === 0 ? -1_500 : i === rounds.length - 1 ? 3_000 : -300 + i * 80));
    const answers = await Promise.all(
      rounds.map(async (round, i) => {
        await sleep(Math.max(0, at + offsets[i]! - Date.now()));
        return t.call("DELETE", `/api/v1/scheduled-posts/${round.scheduledPostId}?platform=tiktok`);
      }),
    );

    const ends = await Promise.all(rounds.map(async (round) => (await waitForJob(t.key, round.jobId)).status as string));
    await sleep(1_500); // a publish that wrongly went ahead after a cancel would have landed by now
    const outcomes = [];
    for (const [i, round] of rounds.entries()) {
      const answer = answers[i]!;
      const posted = (await sandboxPosts("tiktok", round.acc.username)).length;
      const seen = { offset: offsets[i], http: answer.status, body: answer.json, end: ends[i], posted };
      if (answer.status === 200) {
        // canceled: the post never goes out
        expect(seen).toEqual({ ...seen, body: { canceled: 1 }, end: "canceled", posted: 0 });
        outcomes.push("canceled");
      } else {
        // started: the cancel is refused, and the post goes out exactly once
        expect(seen).toMatchObject({ http: 409, body: { error: { code: "POST_NOT_CANCELLABLE" } }, end: "published", posted: 1 });
        outcomes.push("started");
      }
    }
    expect(new Set(outcomes)).toEqual(new Set(["canceled", "started"]));
  });
});
