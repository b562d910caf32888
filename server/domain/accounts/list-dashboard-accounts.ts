// The dashboard's view of connected accounts: everything the API lists, plus connection health
// and the accounts the API does not list (TikTok Login Kit connections), marked as such.
import { db } from "../../db.ts";
import type { Scope } from "../access.ts";
import { publishBlockers, readBlockers } from "./capabilities.ts";
import { presentAccount } from "./list-accounts.ts";

export async function listDashboardAccounts(scope: Scope) {
  const rows = await db.connectedAccount.findMany({
    where: { workspaceId: scope.workspaceId, disconnectedAt: null },
    orderBy: [{ provider: "asc" }, { createdAt: "asc" }],
  });
  return rows.map((a) => ({
    ...presentAccount(a),
    connectionMethod: a.connectionMethod,
    listedInApi: a.provider !== "tiktok" || a.connectionMethod === "business",
    pageTasks: a.pageTasks,
    scopes: a.scopes,
    publishBlockers: publishBlockers(a),
    readBlockers: readBlockers(a),
    health: a.needsReconnect ? ("reconnect" as const) : ("ok" as const),
    reconnectReason: a.reconnectReason,
    tokenExpiresAt: a.tokenExpiresAt?.toISOString() ?? null,
    connectedAt: a.createdAt.toISOString(),
  }));
}
