// The dashboard's view of connected accounts: everything the API lists, plus connection health
// and the accounts the API does not list (TikTok Login Kit connections), marked as such. Mastodon
// accounts carry their instance's limits for the composer's counter (null: not known yet).
import { db, type ConnectedAccount } from "../../db.ts";
import type { InstanceLimits } from "../../platforms/mastodon/mastodon-instance.ts";
import type { Scope } from "../access.ts";
import { publishBlockers, readBlockers } from "./capabilities.ts";
import { presentAccount } from "./list-accounts.ts";
import { instanceOfAccount } from "./mastodon-instance-limits.ts";

export type ComposerInstanceLimits = Pick<InstanceLimits, "maxCharacters" | "maxMediaAttachments" | "charactersReservedPerUrl">;

export async function listDashboardAccounts(scope: Scope) {
  const rows = await db.connectedAccount.findMany({
    where: { workspaceId: scope.workspaceId, disconnectedAt: null },
    orderBy: [{ provider: "asc" }, { createdAt: "asc" }],
  });
  const limits = await storedInstanceLimits(rows);
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
    instanceLimits: a.provider === "mastodon" ? (limits.get(instanceOfAccount(a) ?? "") ?? null) : null,
  }));
}

/**
 * The limits kept in PostgreSQL for these accounts' instances, in one query. Only what is stored:
 * listing accounts never calls an instance (connecting and publishing refresh them).
 */
async function storedInstanceLimits(rows: ConnectedAccount[]): Promise<Map<string, ComposerInstanceLimits>> {
  const instances = [...new Set(rows.filter((a) => a.provider === "mastodon").map(instanceOfAccount))].filter((i): i is string => i !== null);
  if (!instances.length) return new Map();
  const stored = await db.mastodonInstance.findMany({ where: { instance: { in: instances } } });
  return new Map(
    stored.map((row) => {
      const l = row.limits as InstanceLimits;
      return [
        row.instance,
        { maxCharacters: l.maxCharacters, maxMediaAttachments: l.maxMediaAttachments, charactersReservedPerUrl: l.charactersReservedPerUrl },
      ];
    }),
  );
}
