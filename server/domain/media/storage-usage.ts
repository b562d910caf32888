import { db } from "../../db.ts";
import type { Scope } from "../access.ts";

/** The organization's media storage: quota and bytes reserved or stored (the dashboard's usage bar). */
export async function storageUsage(scope: Scope) {
  const org = await db.organization.findUniqueOrThrow({ where: { id: scope.organizationId }, select: { mediaQuotaBytes: true, mediaUsedBytes: true } });
  return { quotaBytes: Number(org.mediaQuotaBytes), usedBytes: Number(org.mediaUsedBytes) };
}
