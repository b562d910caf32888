import type { Task } from "graphile-worker";
import { pruneAuditLog } from "../../domain/audit/audit-retention.ts";

// Daily: entries older than their workspace's auditRetentionDays are deleted in batches.
export const pruneAuditLogTask: Task = async () => {
  await pruneAuditLog();
};
