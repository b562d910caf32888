// A post's metrics over time, from the snapshots each sync stores when the numbers change: the
// dashboard's chart.
import { sql } from "../../db.ts";
import { notFound } from "../../errors.ts";
import type { Scope } from "../access.ts";
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

/** When each account that can read posts last synced: the dashboard's "Sync now" panel. */
export async function syncStatus(scope: Scope) {
  return sql<{ accountId: string; provider: string; username: string; lastSyncedAt: Date | null; syncing: boolean }>(
    "sync-status",
    `SELECT a.id AS "accountId", a.provider, a.username, a."lastSyncedAt",
            EXISTS (SELECT 1 FROM graphile_worker.jobs j WHERE j.key = 'sync:' || a.id) AS syncing
       FROM "ConnectedAccount" a WHERE a."workspaceId" = $1 AND a."disconnectedAt" IS NULL ORDER BY a.provider, a.username`,
    [scope.workspaceId],
  );
}
