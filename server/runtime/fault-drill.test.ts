// The fault drill (`npm run drill:faults` runs it with 500 jobs): the launcher's service under
// load through database stops and killed processes, recovering with nobody's help.
import { expect, test } from "vitest";
import { faultDrill } from "../testing/fault-drill.ts";

test("the service outlives database restarts and killed processes: nothing lost, nothing twice, no 500", { timeout: 600_000 }, async () => {
  const report = await faultDrill({ jobs: 150 });
  expect(report.accepted).toBeGreaterThanOrEqual(150);
  expect(report.lost).toBe(0);
  expect(report.leftUnfinished).toBe(0);
  expect(report.duplicates).toBe(0);
  expect(report.publishedWithoutPost).toBe(0);
  expect(report.serverErrors).toBe(0);
  // the outages were seen as such by the clients, and every fault was recovered from
  expect(report.answers["503"]).toBeGreaterThan(0);
  expect(Object.keys(report.recoverySeconds)).toHaveLength(5);
});
