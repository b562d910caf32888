// Changing an organization's plan (admin CLI; billing is outside this service).
// The storage quota follows the plan; credits are topped up to the plan's included amount.
import { db, type Plan } from "../../db.ts";
import { notFound } from "../../errors.ts";
import { plans } from "../plans.ts";

export async function setOrganizationPlan(organizationId: string, plan: Plan) {
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ carouselCredits: number }[]>`
      SELECT "carouselCredits" FROM "Organization" WHERE id = ${organizationId}::uuid FOR UPDATE`;
    const current = rows[0];
    if (!current) throw notFound("Organization");
    const info = plans[plan];
    const topUp = Math.max(0, info.includedCarouselCredits - current.carouselCredits);
    const organization = await tx.organization.update({
      where: { id: organizationId },
      data: { plan, mediaQuotaBytes: info.mediaQuotaBytes, carouselCredits: { increment: topUp } },
    });
    if (topUp > 0) {
      await tx.creditLedgerEntry.create({
        data: { organizationId, delta: topUp, balanceAfter: organization.carouselCredits, reason: "PLAN_GRANT" },
      });
    }
    return organization;
  });
}
