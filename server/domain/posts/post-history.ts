// A post's metrics over time, from the snapshots each sync stores when the numbers change: the
// dashboard's chart.
import { sql } from "../../db.ts";
import { AppError, notFound } from "../../errors.ts";
import type { Scope } from "../access.ts";
import { readBlockers, type CapabilityInput } from "../accounts/capabilities.ts";
import { enqueueSync } from "./sync-queue.ts";
import { metricNames, type Metrics } from "./metric-mapping.ts";

export async function postHistory(scope: Scope, accountId: string, nativeId: string): Promise<{ capturedAt: string; metrics: Metrics }[]> {
  const rows = await sql<Record<string, unknown> & { capturedAt: Date; found: boolean }>(
    "post-history",
    `SELECT s.*, true AS found FROM "SyncedPost" p LEFT JOIN "MetricSnapshot" s ON s."postId" = p.id
      WHERE p."workspaceId" = $1 AND p."accountId" = $2 AND p."nativeId" = $3 ORDER BY s."capturedAt" LIMIT 5000`,
    [scope.workspaceId, accountId, nativeId],
  );
  if (rows.length === 0) throw notFound("Post");
  return rows
    .filter((r) => r.capturedAt)
    .map((r) => ({
      capturedAt: r.capturedAt.toISOString(),
      metrics: Object.fromEntries(metricNames.map((m) => [m, r[m] === null ? null : Number(r[m])])) as Metrics,
    }));
}

/**
 * When each account last synced: the dashboard's "Sync now" panel. `notSynced` says why an
 * account cannot be synced at all (a permission it lacks) and what to do, or null.
 */
export async function syncStatus(scope: Scope) {
  const rows = await sql<CapabilityInput & { accountId: string; username: string; lastSyncedAt: Date | null; syncing: boolean }>(
    "sync-status",
    `SELECT a.id AS "accountId", a.provider, a.username, a."lastSyncedAt", a.scopes, a."pageTasks", a."needsReconnect", a."connectionMethod", a."accountType",
            EXISTS (SELECT 1 FROM graphile_worker.jobs j WHERE j.key = 'sync:' || a.id) AS syncing
       FROM "ConnectedAccount" a WHERE a."workspaceId" = $1 AND a."disconnectedAt" IS NULL ORDER BY a.provider, a.username`,
    [scope.workspaceId],
  );
  return rows.map((a) => ({
    accountId: a.accountId,
    provider: a.provider,
    username: a.username,
    lastSyncedAt: a.lastSyncedAt,
    syncing: a.syncing,
    notSynced: readBlockers(a).join("; ") || null,
  }));
}

/** "Sync now": queued for the worker (one per account at a time); refused, saying why, for an account that cannot read posts. */
export async function requestSync(scope: Scope, accountId: string): Promise<{ queued: true }> {
  const [account] = await sql<CapabilityInput & { username: string }>(
    "sync-request-account",
    `SELECT provider, username, scopes, "pageTasks", "needsReconnect", "connectionMethod", "accountType" FROM "ConnectedAccount"
      WHERE id = $1 AND "workspaceId" = $2 AND "disconnectedAt" IS NULL`,
    [accountId, scope.workspaceId],
  );
  if (!account) throw notFound("Account");
  const reasons = readBlockers(account);
  if (reasons.length)
    throw new AppError("FORBIDDEN", `@${account.username} (${account.provider}) cannot be synced: ${reasons.join("; ")}`, { accountId, reasons });
  await enqueueSync(accountId);
  return { queued: true };
}
