// The workspace's approval settings (Settings → General): "every post needs approval" and whether
// a client's approval on a review link counts. Everyone reads them (the composer says when a post
// will wait); changing them is settings.manage.
import { z } from "zod";
import { db } from "../../db.ts";
import { assertCan, type Scope } from "../access.ts";

export const approvalSettingsInput = z.strictObject({ approvalRequired: z.boolean().optional(), clientApprovalAllowed: z.boolean().optional() });

export async function getApprovalSettings(scope: Scope) {
  return db.workspace.findUniqueOrThrow({ where: { id: scope.workspaceId }, select: { approvalRequired: true, clientApprovalAllowed: true } });
}

export async function updateApprovalSettings(scope: Scope, raw: z.input<typeof approvalSettingsInput>) {
  assertCan(scope, "settings.manage");
  const data = approvalSettingsInput.parse(raw);
  return db.workspace.update({ where: { id: scope.workspaceId }, data, select: { approvalRequired: true, clientApprovalAllowed: true } });
}
