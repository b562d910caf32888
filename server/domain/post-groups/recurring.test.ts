// Recurring and evergreen post groups (issue 49) on the real stack: a series' occurrences as
// scheduled posts (one each, its own derived requestId), the rule's 422s, skipping, editing and
// canceling one occurrence or the series, the horizon moved on by the series task without a
// duplicate, X's duplicate refusal as DUPLICATE_CONTENT without a retry, and evergreen refills.
// The rule's daylight-saving weeks are in repeat-rule.unit.test.ts.
import { describe, expect, it } from "vitest";
import { sql } from "../../db.ts";
import { scopeFromSession } from "../../scope.ts";
import { connectAccount } from "../../testing/account-fixtures.ts";
import { api, createWorkspaceWithKey } from "../../testing/fixtures.ts";
import { expectIssue } from "../../testing/post-group-fixtures.ts";
import { waitForJob } from "../../testing/publish-fixtures.ts";
import { fillEvergreen } from "../queue/fill-evergreen.ts";
import { moveScheduledPost } from "../scheduling/move-scheduled-post.ts";
import { extendSeries } from "./extend-series.ts";

async function setup() {
  const t = await createWorkspaceWithKey({ plan: "BUSINESS" });
  const scope = await scopeFromSession(t.user.id, t.workspace.id);
  const x = await connectAccount(scope, "x");
  const threads = await connectAccount(scope, "threads");
  return { ...t, scope, x, threads, call: api(t.key) };
}
type Setup = Awaited<ReturnType<typeof setup>>;

const create = (t: Setup, body: Record<string, unknown>) =>
  t.call("POST", "/api/v1/post-groups", {
    body: { requestId: crypto.randomUUID(), content: { text: "Weekly tip" }, targets: [{ accountId: t.threads.accountId }], ...body },
  });
const jobsOf = (postGroupId: string) =>
  sql<{
    id: string;
    accountId: string;
    status: string;
    scheduledAt: Date;
    scheduledPostId: string;
    requestId: string;
    errorCode: string | null;
    attempts: number;
  }>(
    "test-group-jobs",
    `SELECT id, "accountId", status, "scheduledAt", "scheduledPostId", "requestId", "errorCode", attempts FROM "PublishJob" WHERE "postGroupId" = $1 ORDER BY "scheduledAt", "accountId"`,
    [postGroupId],
  );

describe("recurring post groups", () => {
  it("schedule each occurrence once, in the group's zone, listed as scheduled posts; replays answer the same series", async () => {
    const t = await setup();
    const body = {
      requestId: crypto.randomUUID(),
      content: { text: "Monday tip" },
      targets: [{ accountId: t.threads.accountId }, { accountId: t.x.accountId }],
      timezone: "Europe/Berlin",
      repeat: { rrule: "FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;COUNT=8" },
    };
    const res = await t.call("POST", "/api/v1/post-groups", { body });
    expect(res.status, res.text).toBe(202);
    expect(res.json.repeat).toMatchObject({ rrule: "FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;COUNT=8", timezone: "Europe/Berlin", ended: false });
    const upcoming = res.json.repeat.upcoming as string[];
    // 8 Mondays, all within the 60-day horizon or the first ones of it
    expect(upcoming.length).toBeGreaterThanOrEqual(8 - 1);
    for (const at of upcoming) {
      const local = new Date(at).toLocaleString("en-GB", { timeZone: "Europe/Berlin", weekday: "short", hour: "2-digit", minute: "2-digit" });
      expect(local).toBe("Mon 09:00");
    }
    expect(res.json.targets[0].scheduledAt).toBe(upcoming[0]);
    const [onThreads, onX] = res.json.targets;
    expect(onThreads.status).toBe("scheduled");
    // X refuses the same text twice: warned at creation
    expect(onX.warnings.join(" ")).toMatch(/DUPLICATE_CONTENT/);
    expect(onThreads.warnings).toBeUndefined();

    const jobs = await jobsOf(res.json.postGroupId);
    expect(jobs).toHaveLength(upcoming.length * 2);
    expect(new Set(jobs.map((j) => j.requestId)).size).toBe(jobs.length);
    const listed = await t.call("GET", `/api/v1/scheduled-posts?provider=threads&limit=100`);
    expect(listed.status, listed.text).toBe(200);
    expect(JSON.stringify(listed.json)).toContain(onThreads.scheduledPostId);

    const replay = await t.call("POST", "/api/v1/post-groups", { body });
    expect(replay.status).toBe(200);
    expect(replay.json.postGroupId).toBe(res.json.postGroupId);
    expect(replay.json.repeat.upcoming).toEqual(upcoming);
    expect(await jobsOf(res.json.postGroupId)).toHaveLength(jobs.length);

    // the account's queue view lists the next occurrences beside its queue
    const queue = await t.call("GET", `/api/v1/queue?accountId=${t.threads.accountId}`);
    expect(queue.json.items).toEqual([]);
    expect(queue.json.recurring.map((r: { scheduledAt: string }) => r.scheduledAt)).toEqual(upcoming);
    const got = await t.call("GET", `/api/v1/post-groups/${res.json.postGroupId}`);
    expect(got.json).toMatchObject({ status: "scheduled", repeat: { upcoming } });
    expect(got.json.targets.map((x: { jobId: string }) => x.jobId)).toEqual([onThreads.jobId, onX.jobId]);
  });

  it("refuse a bad rule, a rule without a future occurrence, and repeat with queue, with 422 naming the field", async () => {
    const t = await setup();
    expectIssue(await create(t, { repeat: { rrule: "FREQ=SOMETIMES" } }), "repeat.rrule");
    expectIssue(await create(t, { repeat: { rrule: "FREQ=MINUTELY;COUNT=3" } }), "repeat.rrule");
    expectIssue(await create(t, { repeat: { rrule: "DTSTART:20260101T090000Z\nRRULE:FREQ=DAILY" } }), "repeat.rrule");
    expectIssue(await create(t, { repeat: { rrule: "FREQ=DAILY;UNTIL=20200101T000000Z" } }), "repeat.rrule");
    expectIssue(await create(t, { repeat: { rrule: "FREQ=DAILY" }, queue: true }), "repeat");
    expectIssue(await create(t, { repeat: { rrule: "FREQ=DAILY" }, evergreen: true }), "evergreen");
    expectIssue(await create(t, { repeat: { rrule: 42 } }), "repeat.rrule");
    const none = await sql<{ n: number }>("test-groups", `SELECT count(*)::int AS n FROM "PostGroup" WHERE "workspaceId" = $1`, [t.workspace.id]);
    expect(none[0]!.n).toBe(0);
  });

  it("skip one occurrence (cancel), edit one, cancel the series; the series task adds later occurrences once and never revives a skipped one", async () => {
    const t = await setup();
    const res = await create(t, { repeat: { rrule: "FREQ=DAILY;BYHOUR=12" }, timezone: "UTC" });
    expect(res.status, res.text).toBe(202);
    const groupId = res.json.postGroupId as string;
    const before = await jobsOf(groupId);
    expect(before).toHaveLength(60);
    const [first, second] = before;
    expect((await t.call("DELETE", `/api/v1/scheduled-posts/${first!.scheduledPostId}?platform=threads`)).status).toBe(200);
    const edited = await t.call("PATCH", `/api/v1/scheduled-posts/${second!.scheduledPostId}`, { body: { text: "This Tuesday only" } });
    expect(edited.status, edited.text).toBe(200);

    // the series' words change; the occurrence edited alone keeps its own
    const series = await t.call("PATCH", `/api/v1/post-groups/${groupId}`, { body: { text: "Daily tip, new words" } });
    expect(series.status, series.text).toBe(200);
    const texts = await sql<{ id: string; text: string }>(
      "test-texts",
      `SELECT j.id, s.content->'posts'->>0 AS text FROM "PublishJob" j JOIN "ScheduledPost" s ON s.id = j."scheduledPostId" WHERE j."postGroupId" = $1`,
      [groupId],
    );
    const textOf = (id: string) => texts.find((r) => r.id === id)!.text;
    expect(textOf(second!.id)).toBe("This Tuesday only");
    expect(textOf(before[2]!.id)).toBe("Daily tip, new words");
    expectIssue(await t.call("PATCH", `/api/v1/post-groups/${groupId}`, { body: { text: "x".repeat(501) } }), "text");
    expectIssue(await t.call("PATCH", `/api/v1/post-groups/${groupId}`, { body: {} }), "text");

    // a week later, as the worker's task sees it: a week more, nothing twice, the skipped one stays skipped
    const later = new Date(Date.now() + 7 * 86_400_000);
    await Promise.all([extendSeries(later), extendSeries(later)]);
    const after = await jobsOf(groupId);
    expect(after.length).toBeGreaterThanOrEqual(66);
    expect(after.length).toBeLessThanOrEqual(68);
    expect(new Set(after.map((j) => j.requestId)).size).toBe(after.length);
    expect(after.find((j) => j.id === first!.id)!.status).toBe("canceled");
    expect(after.filter((j) => j.scheduledAt.getTime() === first!.scheduledAt.getTime())).toHaveLength(1);
    // later occurrences publish the series' words as they are now
    const [last] = await sql<{ text: string }>("test-last", `SELECT payload->'posts'->>0 AS text FROM "PublishJob" WHERE id = $1`, [after.at(-1)!.id]);
    expect(last!.text).toBe("Daily tip, new words");

    const canceled = await t.call("POST", `/api/v1/post-groups/${groupId}/cancel`);
    expect(canceled.status, canceled.text).toBe(200);
    expect(canceled.json.canceled).toBe(after.length - 1);
    expect((await extendSeries(new Date(Date.now() + 30 * 86_400_000))) >= 0).toBe(true);
    expect(await jobsOf(groupId)).toHaveLength(after.length);
    const got = await t.call("GET", `/api/v1/post-groups/${groupId}`);
    expect(got.json).toMatchObject({ status: "canceled", repeat: { ended: true, upcoming: [] } });
    // a series is not moved as a whole
    const move = await t.call("POST", `/api/v1/post-groups/${groupId}/move`, { body: { scheduledAt: new Date(Date.now() + 3_600_000).toISOString() } });
    expect(move.status).toBe(409);
    // a one-time group's words are edited post by post
    const once = await create(t, { scheduledAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await t.call("PATCH", `/api/v1/post-groups/${once.json.postGroupId}`, { body: { text: "New" } })).status).toBe(409);
  });

  it("an X occurrence whose text X refuses as a duplicate fails as DUPLICATE_CONTENT, without a retry", async () => {
    const t = await setup();
    const res = await create(t, {
      content: { text: `Same words every day ${crypto.randomUUID()}` },
      targets: [{ accountId: t.x.accountId }],
      repeat: { rrule: "FREQ=DAILY;COUNT=2" },
    });
    expect(res.status, res.text).toBe(202);
    const [one, two] = await jobsOf(res.json.postGroupId);
    // both come due now (a daily rule cannot be waited for in a test)
    await moveScheduledPost(t.scope, one!.scheduledPostId, new Date(Date.now() + 1000), null);
    expect((await waitForJob(t.key, one!.id)).status).toBe("published");
    await moveScheduledPost(t.scope, two!.scheduledPostId, new Date(Date.now() + 1000), null);
    const failed = await waitForJob(t.key, two!.id);
    expect(failed).toMatchObject({ status: "failed", error: { code: "DUPLICATE_CONTENT" } });
    const [row] = await sql<{ attempts: number }>("test-attempts", `SELECT attempts FROM "PublishJob" WHERE id = $1`, [two!.id]);
    expect(row!.attempts).toBe(1);
  }, 60_000);
});

describe("evergreen post groups", () => {
  it("fill a free slot of the next 24 hours with the evergreen post published least recently, once, and not within the interval", async () => {
    const t = await setup();
    const account = t.threads.accountId;
    // a slot every hour of every day: the coming day has free slots
    const slots = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].flatMap((day) =>
      Array.from({ length: 24 }, (_, h) => ({ day, time: `${String(h).padStart(2, "0")}:30` })),
    );
    const put = await t.call("PUT", `/api/v1/accounts/${account}/posting-schedule`, { body: { timezone: "UTC", slots, evergreen: { minIntervalDays: 30 } } });
    expect(put.status, put.text).toBe(200);
    expect(put.json.evergreen).toEqual({ minIntervalDays: 30 });
    // omitted: unchanged
    const again = await t.call("PUT", `/api/v1/accounts/${account}/posting-schedule`, { body: { timezone: "UTC", slots } });
    expect(again.json.evergreen).toEqual({ minIntervalDays: 30 });

    const publish = async (text: string) => {
      const res = await create(t, { content: { text }, evergreen: true });
      expect(res.status, res.text).toBe(202);
      expect(res.json.evergreen).toBe(true);
      return res.json as { postGroupId: string; targets: { jobId: string }[] };
    };
    const old = await publish("Evergreen: our best guide");
    const recent = await publish("Evergreen: the second guide");
    const fresh = await publish("Evergreen: published yesterday");
    for (const g of [old, recent, fresh]) expect((await waitForJob(t.key, g.targets[0]!.jobId)).status).toBe("published");
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000);
    const setFinished = (g: { targets: { jobId: string }[] }, at: Date) =>
      sql("test-finished", `UPDATE "PublishJob" SET "finishedAt" = $2 WHERE id = $1`, [g.targets[0]!.jobId, at]);
    await setFinished(old, ago(90));
    await setFinished(recent, ago(40));
    await setFinished(fresh, ago(1));

    // two runs at once (the worker's own run may come too): the two posts go in once
    const [a, b] = await Promise.all([fillEvergreen(), fillEvergreen()]);
    expect(a + b).toBeLessThanOrEqual(2);
    const queue = await t.call("GET", `/api/v1/queue?accountId=${account}`);
    expect(queue.json.items.map((i: { text: string }) => i.text)).toEqual(["Evergreen: our best guide", "Evergreen: the second guide"]);
    expect(new Date(queue.json.items[1].scheduledAt).getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);
    // waiting in the queue: not added again
    expect(await fillEvergreen()).toBe(0);

    // evergreen off for the account: nothing more is added
    await sql("test-cancel-refills", `UPDATE "PublishJob" SET status = 'canceled' WHERE "accountId" = $1 AND "inQueue"`, [account]);
    const off = await t.call("PUT", `/api/v1/accounts/${account}/posting-schedule`, { body: { timezone: "UTC", slots, evergreen: null } });
    expect(off.json.evergreen).toBeNull();
    expect(await fillEvergreen()).toBe(0);
  }, 90_000);
});
