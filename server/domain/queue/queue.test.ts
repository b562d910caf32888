// The queue (issue 49) through the REST API on the real stack: posting schedules and their 422s,
// adds taking the next free slots (also when racing), the queue listing, moves, and pause and
// resume with the scheduler running. The Friday-evening and daylight-saving weeks are in
// slot-times.unit.test.ts, from an injected "now".
import { describe, expect, it } from "vitest";
import { expectIssue } from "../../testing/post-group-fixtures.ts";
import { scopeFromSession } from "../../scope.ts";
import { connectAccount } from "../../testing/account-fixtures.ts";
import { api, compareDryRunsWithRealCalls, createWorkspaceWithKey } from "../../testing/fixtures.ts";
import { sandboxPosts } from "../../testing/platform-fixtures.ts";
import { DAYS, freeSlots, type Slot } from "./slot-times.ts";

compareDryRunsWithRealCalls();

const weekdays = ["mon", "tue", "wed", "thu", "fri"] as const;
const twiceADay: Slot[] = weekdays.flatMap((day) => [
  { day, time: "09:00" },
  { day, time: "17:00" },
]);

async function setup() {
  const t = await createWorkspaceWithKey({ plan: "BUSINESS" });
  const scope = await scopeFromSession(t.user.id, t.workspace.id);
  const x = await connectAccount(scope, "x");
  return { ...t, x, call: api(t.key) };
}

type Call = ReturnType<typeof api>;
const putSchedule = (call: Call, accountId: string, body: unknown) => call("PUT", `/api/v1/accounts/${accountId}/posting-schedule`, { body });
const addToQueue = (call: Call, accountId: string, text: string) =>
  call("POST", "/api/v1/post-groups", { body: { requestId: crypto.randomUUID(), content: { text }, targets: [{ accountId }], queue: true } });
const queueOf = async (call: Call, accountId: string) => {
  const res = await call("GET", `/api/v1/queue?accountId=${accountId}`);
  expect(res.status, res.text).toBe(200);
  return res.json.items as { position: number; scheduledPostId: string; jobId: string; scheduledAt: string; text: string }[];
};

describe("posting schedule", () => {
  it("is stored with duplicates merged, answered by GET, and refused with 422 naming the field for a bad zone, day or time", async () => {
    const t = await setup();
    const empty = await t.call("GET", `/api/v1/accounts/${t.x.accountId}/posting-schedule`);
    expect(empty.json).toEqual({ accountId: t.x.accountId, timezone: "UTC", slots: [], paused: false, evergreen: null });
    const put = await putSchedule(t.call, t.x.accountId, { timezone: "Europe/Berlin", slots: [...twiceADay, { day: "mon", time: "09:00" }] });
    expect(put.status, put.text).toBe(200);
    expect(put.json.slots).toHaveLength(10);
    const got = await t.call("GET", `/api/v1/accounts/${t.x.accountId}/posting-schedule`);
    expect(got.json).toEqual({ accountId: t.x.accountId, timezone: "Europe/Berlin", slots: twiceADay, paused: false, evergreen: null });
    // the GET answer sent back as it is
    expect((await putSchedule(t.call, t.x.accountId, got.json)).status).toBe(200);

    expectIssue(await putSchedule(t.call, t.x.accountId, { timezone: "Europe/Berlim", slots: [] }), "timezone");
    expectIssue(await putSchedule(t.call, t.x.accountId, { timezone: "UTC", slots: [{ day: "monday", time: "09:00" }] }), "slots[0].day");
    expectIssue(
      await putSchedule(t.call, t.x.accountId, {
        timezone: "UTC",
        slots: [
          { day: "mon", time: "09:00" },
          { day: "tue", time: "24:00" },
        ],
      }),
      "slots[1].time",
    );
    expectIssue(await putSchedule(t.call, t.x.accountId, { timezone: "UTC", slots: [{ day: "mon", time: "9:00" }] }), "slots[0].time");
    expectIssue(await putSchedule(t.call, t.x.accountId, { accountId: crypto.randomUUID(), timezone: "UTC", slots: [] }), "accountId");
    // nothing of the refused ones was stored
    expect((await t.call("GET", `/api/v1/accounts/${t.x.accountId}/posting-schedule`)).json.slots).toEqual(twiceADay);

    // another workspace's account is not found, on every queue route
    const other = await createWorkspaceWithKey({ plan: "BUSINESS" });
    const stranger = api(other.key);
    expect((await stranger("GET", `/api/v1/accounts/${t.x.accountId}/posting-schedule`)).status).toBe(404);
    expect((await putSchedule(stranger, t.x.accountId, { timezone: "UTC", slots: [] })).status).toBe(404);
    expect((await stranger("GET", `/api/v1/accounts/${t.x.accountId}/next-slot`)).status).toBe(404);
    expect((await stranger("GET", `/api/v1/queue?accountId=${t.x.accountId}`)).status).toBe(404);
    expect((await stranger("POST", "/api/v1/queue/shuffle", { body: { accountId: t.x.accountId } })).status).toBe(404);
  });
});

describe("the queue", () => {
  it("five adds take the next five free slots in order; an exact-time post holds its slot; moving the fourth to position 1 keeps the times", async () => {
    const t = await setup();
    const schedule = { timezone: "Europe/Berlin", slots: twiceADay };
    // without slots, queueing is refused at the target and nothing is created
    expectIssue(await addToQueue(t.call, t.x.accountId, "too early"), "targets[0].accountId");
    expect((await putSchedule(t.call, t.x.accountId, schedule)).status).toBe(200);

    const before = new Date();
    const expected = freeSlots(schedule, before, 7).map((d) => d.toISOString());
    const groups = [];
    for (let i = 1; i <= 5; i++) {
      const body = { requestId: crypto.randomUUID(), content: { text: `Queued post ${i}` }, targets: [{ accountId: t.x.accountId }], queue: true };
      const res = await t.call("POST", "/api/v1/post-groups", { body });
      expect(res.status, res.text).toBe(202);
      expect(res.json.targets[0]).toMatchObject({ status: "scheduled", scheduledAt: expected[i - 1] });
      groups.push({ body, answer: res.json });
    }
    const queue = await queueOf(t.call, t.x.accountId);
    expect(queue.map((i) => [i.position, i.text, i.scheduledAt])).toEqual([1, 2, 3, 4, 5].map((n) => [n, `Queued post ${n}`, expected[n - 1]]));
    expect(queue[0]!.jobId).toBe(groups[0]!.answer.targets[0].jobId);
    // each is a scheduled post as any other
    const listed = await t.call("GET", "/api/v1/scheduled-posts?limit=50");
    expect(listed.json.scheduledPosts.map((p: { scheduledPostId: string }) => p.scheduledPostId)).toEqual(queue.map((i) => i.scheduledPostId));

    // an exact-time post in the sixth slot holds it: the next free slot is the seventh
    const exact = await t.call("POST", "/api/v1/post-groups", {
      body: { requestId: crypto.randomUUID(), content: { text: "At an exact time" }, targets: [{ accountId: t.x.accountId }], scheduledAt: expected[5] },
    });
    expect(exact.status, exact.text).toBe(202);
    expect((await t.call("GET", `/api/v1/accounts/${t.x.accountId}/next-slot`)).json).toEqual({ accountId: t.x.accountId, slotAt: expected[6] });
    expect((await queueOf(t.call, t.x.accountId)).length).toBe(5); // not a queue item

    // a replay answers the same group, with its slot, and takes no other
    const replay = await t.call("POST", "/api/v1/post-groups", { body: groups[0]!.body });
    expect(replay.status, replay.text).toBe(200);
    expect(replay.json).toEqual(groups[0]!.answer);
    expect((await queueOf(t.call, t.x.accountId)).length).toBe(5);

    const moved = await t.call("POST", "/api/v1/queue/move", { body: { scheduledPostId: queue[3]!.scheduledPostId, position: 1 } });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json.items.map((i: { scheduledAt: string }) => i.scheduledAt)).toEqual(expected.slice(0, 5));
    expect(moved.json.items.map((i: { text: string }) => i.text)).toEqual([
      "Queued post 4",
      "Queued post 1",
      "Queued post 2",
      "Queued post 3",
      "Queued post 5",
    ]);
    // the scheduled posts' own times moved with them
    const after = await t.call("GET", "/api/v1/scheduled-posts?limit=50");
    const timeOf = new Map(after.json.scheduledPosts.map((p: { scheduledPostId: string; scheduledAt: string }) => [p.scheduledPostId, p.scheduledAt]));
    expect(timeOf.get(queue[3]!.scheduledPostId)).toBe(expected[0]);
    expect(timeOf.get(queue[0]!.scheduledPostId)).toBe(expected[1]);

    expectIssue(await t.call("POST", "/api/v1/queue/move", { body: { scheduledPostId: queue[0]!.scheduledPostId, position: 6 } }), "position");
    const shuffled = await t.call("POST", "/api/v1/queue/shuffle", { body: { accountId: t.x.accountId } });
    expect(shuffled.status, shuffled.text).toBe(200);
    expect(shuffled.json.items.map((i: { scheduledAt: string }) => i.scheduledAt)).toEqual(expected.slice(0, 5));
    expect(shuffled.json.items.map((i: { text: string }) => i.text).sort()).toEqual([1, 2, 3, 4, 5].map((n) => `Queued post ${n}`));

    // a canceled item leaves the queue; its slot is free again
    const cancel = await t.call("DELETE", `/api/v1/scheduled-posts/${shuffled.json.items[0].scheduledPostId}?platform=x`);
    expect(cancel.status, cancel.text).toBe(200);
    expect((await t.call("GET", `/api/v1/accounts/${t.x.accountId}/next-slot`)).json.slotAt).toBe(expected[0]);
  });

  it("concurrent adds to one account never take the same slot", async () => {
    const t = await setup();
    const schedule = { timezone: "Europe/Berlin", slots: twiceADay };
    expect((await putSchedule(t.call, t.x.accountId, schedule)).status).toBe(200);
    const expected = freeSlots(schedule, new Date(), 8).map((d) => d.toISOString());
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => addToQueue(t.call, t.x.accountId, `Racing ${i}`)));
    for (const res of answers) expect(res.status, res.text).toBe(202);
    const taken = answers.map((r) => r.json.targets[0].scheduledAt as string);
    expect(new Set(taken).size).toBe(8);
    expect([...taken].sort()).toEqual(expected);
  });

  it("pause, let two slots pass, resume: nothing published while paused, nothing lost, the items take the next free slots in order", async () => {
    const t = await setup();
    // two slots at the next two whole minutes (UTC), far enough ahead to add the items first
    const first = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
    const second = new Date(first.getTime() + 60_000);
    const slotOf = (d: Date): Slot => ({ day: DAYS[(d.getUTCDay() + 6) % 7]!, time: d.toISOString().slice(11, 16) });
    const slots = [slotOf(first), slotOf(second), { day: "sat" as const, time: "12:00" }];
    expect((await putSchedule(t.call, t.x.accountId, { timezone: "UTC", slots })).status).toBe(200);
    const a = await addToQueue(t.call, t.x.accountId, "Held one");
    const b = await addToQueue(t.call, t.x.accountId, "Held two");
    expect([a.json.targets[0].scheduledAt, b.json.targets[0].scheduledAt]).toEqual([first.toISOString(), second.toISOString()]);

    const paused = await putSchedule(t.call, t.x.accountId, { timezone: "UTC", slots, paused: true });
    expect(paused.status, paused.text).toBe(200);
    expect(paused.json.paused).toBe(true);
    await new Promise((r) => setTimeout(r, second.getTime() + 3_000 - Date.now()));
    // both slots passed with the scheduler running: neither started, neither reached X
    for (const res of [a, b]) expect((await t.call("GET", `/api/v1/publish-jobs/${res.json.targets[0].jobId}`)).json.status).toBe("scheduled");
    expect(await sandboxPosts("x", t.x.username)).toEqual([]);
    expect((await queueOf(t.call, t.x.accountId)).map((i) => i.text)).toEqual(["Held one", "Held two"]);

    const resumedAt = new Date();
    const resumed = await putSchedule(t.call, t.x.accountId, { timezone: "UTC", slots, paused: false });
    expect(resumed.status, resumed.text).toBe(200);
    const queue = await queueOf(t.call, t.x.accountId);
    expect(queue.map((i) => i.text)).toEqual(["Held one", "Held two"]);
    expect(queue.map((i) => i.scheduledAt)).toEqual(freeSlots({ timezone: "UTC", slots }, resumedAt, 2).map((d) => d.toISOString()));
    for (const item of queue) expect(new Date(item.scheduledAt).getTime()).toBeGreaterThan(resumedAt.getTime());

    // no slots while items wait and the queue runs: refused, nothing changed
    expectIssue(await putSchedule(t.call, t.x.accountId, { timezone: "UTC", slots: [] }), "slots");
    expect((await queueOf(t.call, t.x.accountId)).map((i) => i.scheduledAt)).toEqual(queue.map((i) => i.scheduledAt));
  }, 180_000); // slots are whole minutes: up to two pass in real time
});
