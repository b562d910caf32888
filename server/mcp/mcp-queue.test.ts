// The queue's tools, called as an agent would: set_posting_schedule, publish_post_group with
// queue: true, get_next_slot and get_queue answer what the REST twins answer.
import { describe, expect, it } from "vitest";
import { freeSlots } from "../domain/queue/slot-times.ts";
import { scopeFromSession } from "../scope.ts";
import { connectAccount } from "../testing/account-fixtures.ts";
import { createWorkspaceWithKey } from "../testing/fixtures.ts";
import { httpClient, ok, toolError } from "./test-client.ts";

describe("queue tools", () => {
  it("sets slots, queues a post group into the next free slot, and lists the queue", async () => {
    const t = await createWorkspaceWithKey({ plan: "BUSINESS" });
    const scope = await scopeFromSession(t.user.id, t.workspace.id);
    const threads = await connectAccount(scope, "threads");
    const client = await httpClient(t.key);
    try {
      const slots = [
        { day: "mon" as const, time: "09:00" },
        { day: "thu" as const, time: "18:30" },
      ];
      const schedule = await ok(client, "set_posting_schedule", { accountId: threads.accountId, timezone: "America/New_York", slots });
      expect(schedule).toEqual({ accountId: threads.accountId, timezone: "America/New_York", slots, paused: false, evergreen: null });
      const expected = freeSlots({ timezone: "America/New_York", slots }, new Date(), 2).map((d) => d.toISOString());
      expect(await ok(client, "get_next_slot", { accountId: threads.accountId })).toEqual({ accountId: threads.accountId, slotAt: expected[0] });

      const text = `Queued by an agent ${Date.now()}`;
      const accepted = await ok(client, "publish_post_group", {
        requestId: crypto.randomUUID(),
        content: { text },
        targets: [{ accountId: threads.accountId }],
        queue: true,
      });
      expect(accepted).toMatchObject({ outcome: "accepted", targets: [{ provider: "threads", status: "scheduled", scheduledAt: expected[0] }] });
      const queue = await ok(client, "get_queue", { accountId: threads.accountId });
      expect(queue.items).toEqual([expect.objectContaining({ position: 1, text, scheduledAt: expected[0], postGroupId: accepted.postGroupId })]);
      expect((await ok(client, "get_next_slot", { accountId: threads.accountId })).slotAt).toBe(expected[1]);

      const refused = await toolError(client, "set_posting_schedule", { accountId: threads.accountId, timezone: "Mars/Olympus", slots });
      expect(refused.code).toBe("VALIDATION_ERROR");
    } finally {
      await client.close();
    }
  });
});
