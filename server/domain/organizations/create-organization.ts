// A new organization with its first workspace and owner, in one transaction.
import type { Plan, Tx } from "../../db.ts";
import { plans } from "../plans.ts";

export async function createOrganizationWithWorkspace(tx: Tx, input: { userId: string; organizationName: string; workspaceName: string; plan: Plan }) {
  const info = plans[input.plan];
  const organization = await tx.organization.create({
    data: {
      name: input.organizationName,
      plan: input.plan,
      mediaQuotaBytes: info.mediaQuotaBytes,
      carouselCredits: info.includedCarouselCredits,
    },
  });
  if (info.includedCarouselCredits > 0) {
    await tx.creditLedgerEntry.create({
      data: {
        organizationId: organization.id,
        delta: info.includedCarouselCredits,
        balanceAfter: info.includedCarouselCredits,
        reason: "PLAN_GRANT",
      },
    });
  }
  const workspace = await tx.workspace.create({
    data: {
      organizationId: organization.id,
      name: input.workspaceName,
      memberships: { create: { userId: input.userId, role: "OWNER" } },
    },
  });
  return { organization, workspace };
}
