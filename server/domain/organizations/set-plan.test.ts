import { expect, it } from "vitest";
import { db } from "../../db.ts";
import { createWorkspaceWithKey } from "../../testing/fixtures.ts";
import { plans } from "../plans.ts";
import { setOrganizationPlan } from "./set-plan.ts";

it("moves the storage quota with the plan and tops credits up once, in the ledger", async () => {
  const t = await createWorkspaceWithKey();
  const pro = await setOrganizationPlan(t.organization.id, "PRO");
  expect(pro.mediaQuotaBytes).toBe(plans.PRO.mediaQuotaBytes);
  expect(pro.carouselCredits).toBe(200);
  const again = await setOrganizationPlan(t.organization.id, "PRO");
  expect(again.carouselCredits).toBe(200);
  const ledger = await db.creditLedgerEntry.findMany({ where: { organizationId: t.organization.id }, orderBy: { createdAt: "asc" } });
  expect(ledger.map((l) => [l.delta, l.balanceAfter])).toEqual([
    [50, 50],
    [150, 200],
  ]);
  const free = await setOrganizationPlan(t.organization.id, "FREE");
  expect(free.plan).toBe("FREE");
  expect(free.carouselCredits).toBe(200); // credits already granted are kept
});
