// The webhook drill, small (`npm run drill:webhooks` runs 200 jobs and a 10-minute outage): jobs
// publish while the receiver is down; it comes back and the worker is SIGKILLed mid-delivery.
import { expect, test } from "vitest";
import { webhookDrill } from "../../testing/webhook-drill.ts";

// The retries span ~4 minutes, well past the outage and the jobs' publishing on a busy machine: an
// event that ran out of attempts would be failed, not lost, but this drill asks for every one delivered.
test("no event is lost through an outage of the receiver and a killed worker", { timeout: 480_000 }, async () => {
  const result = await webhookDrill({ jobs: 20, downSeconds: 8, retrySchedule: "1s,2s,5s,10s,20s,30s,30s,30s,30s,30s,30s" });
  expect(result.published).toBe(20);
  expect(result.missing).toEqual([]);
  expect(result.unverified).toBe(0);
  // the delivery in flight when the worker died was not received (its sender vanished): it arrived later, from the next worker
  expect(result.duplicatesWithAnotherId).toBe(0);
});
