// "Post next now" (issue 49) through the REST API on the real stack: the first queued post
// publishes on the sandbox at once, the others move up into the earlier slots, the change is a
// reschedule as webhooks see it, racing calls never publish one post twice nor lose one, and an
// empty queue is a 409. Also the calendar's free slots (freeSlotTimes).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "../../db.ts";
import { scopeFromSession } from "../../scope.ts";
import { connectAccount } from "../../testing/account-fixtures.ts";
import { api, createWorkspaceWithKey } from "../../testing/fixtures.ts";
import { sandboxPosts } from "../../testing/platform-fixtures.ts";
import { waitForJob } from "../../testing/publish-fixtures.ts";
import { startReceiver, type Receiver } from "../../testing/webhook-receiver.ts";
import { freeSlotTimes } from "./free-slots.ts";
import { freeSlots, type Slot } from "./slot-times.ts";

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const slots: Slot[] = (["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const).flatMap((day) => [
  { day, time: "09:00" },
  { day, time: "18:30" },
]);
const schedule = { timezone: "Europe/Berlin", slots };

async function setup() {
  const t = await createWorkspaceWithKey({ plan: "BUSINESS" });
  const scope = await scopeFromSession(t.user.id, t.workspace.id);
  const x = await connectAccount(scope, "x");
  const call = api(t.key);
  const put = await call("PUT", `/api/v1/accounts/${x.accountId}/posting-schedule`, { body: schedule });
  expect(put.status, put.text).toBe(200);
  return { ...t, scope, x, call };
}

type Item = { position: number; scheduledPostId: string; jobId: string; scheduledAt: string; text: string };

async function fill(t: Awaited<ReturnType<typeof setup>>, texts: string[]): Promise<Item[]> {
  for (const text of texts) {
    const res = await t.call("POST", "/api/v1/post-groups", {
      body: { requestId: crypto.randomUUID(), content: { text }, targets: [{ accountId: t.x.accountId }], queue: true },
    });
    expect(res.status, res.text).toBe(202);
  }
  const queue = await t.call("GET", `/api/v1/queue?accountId=${t.x.accountId}`);
  return queue.json.items;
}

describe("post next now", () => {
  it("publishes the first queued post at once and moves the others up into the earlier slots", async () => {
    const t = await setup();
    const hook = await t.call("POST", "/api/v1/webhooks", { body: { url: receiver.url, events: ["scheduled_post.rescheduled"] } });
    expect(hook.status, hook.text).toBe(201);
    const before = await fill(t, ["First in line", "Second in line", "Third in line"]);
    expect(before.map((i) => i.text)).toEqual(["First in line", "Second in line", "Third in line"]);

    const res = await t.call("POST", "/api/v1/queue/publish-next", { body: { accountId: t.x.accountId } });
    expect(res.status, res.text).toBe(200);
    // the others take the first two slot times; the third slot is free again
    expect(res.json.items.map((i: Item) => [i.position, i.text, i.scheduledAt])).toEqual([
      [1, "Second in line", before[0]!.scheduledAt],
      [2, "Third in line", before[1]!.scheduledAt],
    ]);
    expect((await t.call("GET", `/api/v1/accounts/${t.x.accountId}/next-slot`)).json.slotAt).toBe(before[2]!.scheduledAt);

    const job = await waitForJob(t.key, before[0]!.jobId);
    expect(job.status).toBe("published");
    expect((await sandboxPosts("x", t.x.username)).map((p) => p.text)).toEqual(["First in line"]);
    // the others still wait for their slots
    for (const item of before.slice(1)) expect((await t.call("GET", `/api/v1/publish-jobs/${item.jobId}`)).json.status).toBe("scheduled");

    // a reschedule for each of the three, as a webhook sees it
    const events = await sql<{ scheduledPostId: string }>(
      "test-rescheduled-events",
      `SELECT resource->>'scheduledPostId' AS "scheduledPostId" FROM "WebhookEvent" WHERE "workspaceId" = $1 AND type = 'scheduled_post.rescheduled'`,
      [t.workspace.id],
    );
    expect(events.map((e) => e.scheduledPostId).sort()).toEqual(before.map((i) => i.scheduledPostId).sort());
  });

  it("racing calls each publish a different post, and the queue ends empty with a 409 after", async () => {
    const t = await setup();
    const before = await fill(t, ["One", "Two", "Three"]);
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.call("POST", "/api/v1/queue/publish-next", { body: { accountId: t.x.accountId } })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 409, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.json.error.code).toBe("CONFLICT");
    expect(refused.json.error.message).toMatch(/queue .*empty/);
    for (const item of before) expect((await waitForJob(t.key, item.jobId)).status).toBe("published");
    expect((await sandboxPosts("x", t.x.username)).map((p) => p.text).sort()).toEqual(["One", "Three", "Two"]);
    expect((await t.call("GET", `/api/v1/queue?accountId=${t.x.accountId}`)).json.items).toEqual([]);

    // another workspace's account is not found; a missing accountId is a 422 naming it
    const other = await createWorkspaceWithKey();
    expect((await api(other.key)("POST", "/api/v1/queue/publish-next", { body: { accountId: t.x.accountId } })).status).toBe(404);
    const bad = await t.call("POST", "/api/v1/queue/publish-next", { body: {} });
    expect(bad.status).toBe(422);
    expect(bad.json.error.details.issues[0].path).toBe("accountId");
  });
});

describe("free slots (the calendar's week view)", () => {
  it("lists the running queue's slots in the range that no post holds, none of a paused one", async () => {
    const t = await setup();
    const from = new Date();
    const to = new Date(from.getTime() + 7 * 86_400_000);
    const all = freeSlots(schedule, from, 14).map((d) => d.toISOString());
    await fill(t, ["Takes the first slot"]);
    const free = await freeSlotTimes(t.scope, { from: from.toISOString(), to: to.toISOString() });
    expect(free.map((s) => s.at)).toEqual(all.slice(1).filter((at) => at < to.toISOString()));
    expect(free.every((s) => s.accountId === t.x.accountId && s.provider === "x")).toBe(true);

    const paused = await t.call("PUT", `/api/v1/accounts/${t.x.accountId}/posting-schedule`, { body: { ...schedule, paused: true } });
    expect(paused.status, paused.text).toBe(200);
    expect(await freeSlotTimes(t.scope, { from: from.toISOString(), to: to.toISOString() })).toEqual([]);
  });
});
