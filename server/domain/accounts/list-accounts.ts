import { db, type ConnectedAccount } from "../../db.ts";
import type { Scope } from "../access.ts";
import type { AccountView } from "./accounts.schema.ts";
import { computeCapabilities } from "./capabilities.ts";

export function presentAccount(a: ConnectedAccount): AccountView {
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

/** SPEC.md: the key's workspace only; TikTok accounts connected through login-kit are not listed. */
export async function listAccounts(scope: Scope) {
  const rows = await db.connectedAccount.findMany({
    where: {
      workspaceId: scope.workspaceId,
      NOT: { provider: "tiktok", connectionMethod: { not: "business" } },
    },
    orderBy: [{ provider: "asc" }, { createdAt: "asc" }],
  });
  return { accounts: rows.map(presentAccount) };
}
