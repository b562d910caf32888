// How long a workspace keeps its audit log (Workspace.auditRetentionDays, 1–3650, default 365),
// and the daily task that deletes what is older.
import { db } from "../../db.ts";
import { notFound } from "../../errors.ts";
import { log } from "../../log.ts";
import { assertCan, type Scope } from "../access.ts";
import { auditRetentionInput } from "./audit.schema.ts";

export async function getAuditRetention(scope: Scope): Promise<{ auditRetentionDays: number }> {
  const workspace = await db.workspace.findUnique({ where: { id: scope.workspaceId }, select: { auditRetentionDays: true } });
  if (!workspace) throw notFound("Workspace");
  return workspace;
}

export async function setAuditRetention(scope: Scope, input: unknown): Promise<{ auditRetentionDays: number }> {
  assertCan(scope, "settings.manage");
  const { auditRetentionDays } = auditRetentionInput.parse(input);
  return db.workspace.update({ where: { id: scope.workspaceId }, data: { auditRetentionDays }, select: { auditRetentionDays: true } });
}

/** Rows deleted per statement: short transactions that never hold the table for long. */
const BATCH = 5_000;

/**
 * Deletes every entry older than its workspace's retention, a batch at a time (each batch its own
 * statement, so a crash loses nothing and the next run goes on). Answers how many were deleted.
 */
export async function pruneAuditLog(now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await db.$executeRaw`
      DELETE FROM "AuditEntry" WHERE "id" IN (
        SELECT e."id" FROM "AuditEntry" e JOIN "Workspace" w ON w."id" = e."workspaceId"
        WHERE e."at" < ${now}::timestamptz - make_interval(days => w."auditRetentionDays")
        LIMIT ${BATCH}
      )`;
    total += deleted;
    if (deleted < BATCH) break;
  }
  if (total > 0) log.info("audit log pruned", { deleted: total });
  return total;
}
