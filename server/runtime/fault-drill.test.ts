// The fault drill (`npm run drill:faults` runs it with 500 jobs and a 40 s stall): the launcher's
// service under load through database stops, a stalled database and killed processes, recovering
// with nobody's help.
import { expect, test } from "vitest";
import { faultDrill } from "../testing/fault-drill.ts";

test("the service outlives database restarts and killed processes: nothing lost, nothing twice, no 500", { timeout: 600_000 }, async () => {
  const report = await faultDrill({ jobs: 150, stallSeconds: 10 });
  expect(report.accepted).toBeGreaterThanOrEqual(150);
  expect(report.lost).toBe(0);
  expect(report.leftUnfinished).toBe(0);
  expect(report.duplicates).toBe(0);
  expect(report.publishedWithoutPost).toBe(0);
  expect(report.serverErrors).toBe(0);
  // the outages were seen as such by the clients, and every fault was recovered from
  expect(report.answers["503"]).toBeGreaterThan(0);
  expect(Object.keys(report.recoverySeconds)).toHaveLength(6);
  // while the database was stalled, every door answered within its deadline: 503 with Retry-After
  // (or a success), health within 2 s
  expect(report.stall.late).toBe(0);
  for (const door of ["REST POST /api/v1/posts", "REST GET /api/v1/accounts", "MCP list_accounts", "tRPC accounts.list", "GET /api/health"]) {
    const answers = report.stall.answers[door] ?? {};
    expect((answers["503"] ?? 0) + (answers["tool error SERVICE_UNAVAILABLE"] ?? 0), door).toBeGreaterThan(0);
    expect(answers["503 without Retry-After"] ?? 0, door).toBe(0);
  }
  expect(report.stall.maxMs["GET /api/health"]).toBeLessThanOrEqual(2_000);
});
