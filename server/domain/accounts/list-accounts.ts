import { sql, type ConnectedAccount } from "../../db.ts";
import type { Scope } from "../access.ts";
import { coalesceReads } from "../coalesce-reads.ts";
import type { AccountView } from "./accounts.schema.ts";
import { computeCapabilities } from "./capabilities.ts";
import type { ProviderName } from "./providers.ts";

type AccountRow = Pick<
  ConnectedAccount,
  "id" | "provider" | "username" | "displayName" | "accountType" | "connectionMethod" | "scopes" | "pageTasks" | "needsReconnect"
>;

export function presentAccount(a: AccountRow): AccountView {
  return {
    accountId: a.id,
    provider: a.provider,
    username: a.username,
    displayName: a.displayName,
    capabilities: computeCapabilities(a),
    ...(a.provider === "instagram" ? { accountType: instagramType(a.accountType) } : {}),
  };
}

function instagramType(value: string | null): "business" | "creator" | "unknown" {
  return value === "business" || value === "creator" ? value : "unknown";
}

/**
 * SPEC.md: the key's workspace only; TikTok accounts connected through login-kit are not listed.
 * Plain SQL: this is the API's hottest read, and Prisma's per-query cost was 5× the query's.
 * Concurrent lists of one workspace share a query that started after each request arrived.
 */
export async function listAccounts(scope: Scope) {
  return { accounts: (await readAccounts(scope.workspaceId)).map(presentAccount) };
}

const readAccounts = coalesceReads((workspaceId) =>
  sql<AccountRow & { provider: ProviderName }>(
    "list-accounts",
    `SELECT id, provider, username, "displayName", "accountType", "connectionMethod", scopes, "pageTasks", "needsReconnect"
       FROM "ConnectedAccount"
      WHERE "workspaceId" = $1 AND "disconnectedAt" IS NULL AND (provider <> 'tiktok' OR "connectionMethod" = 'business')
      ORDER BY provider, "createdAt"`,
    [workspaceId],
  ),
);
