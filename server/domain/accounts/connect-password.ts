// Connecting an account with an identifier and an app password (Bluesky: a handle or email, an
// app password, and the user's server), the counterpart of the OAuth flow in connect-account.ts:
// one call signs in at the platform, and the account is stored with encrypted tokens, upserted
// on (workspace, provider, account) so connecting again reconnects it. A refusal stores nothing.
import { db, Prisma } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { isPlatformError } from "../../platforms/errors.ts";
import { adapterFor } from "../../platforms/registry.ts";
import type { ConnectedIdentity, TokenSet } from "../../platforms/types.ts";
import { assertCan, type Scope } from "../access.ts";
import { tokenColumns } from "./account-tokens.ts";
import { presentAccount } from "./list-accounts.ts";
import { providerLabels, providerTable, type ProviderName } from "./providers.ts";
import { Issues } from "../publishing/validation-issues.ts";

export type PasswordConnectRequest = {
  provider: ProviderName;
  /** a handle (alice.bsky.social), an email or a DID */
  identifier: string;
  appPassword: string;
  /** the user's server; the platform's default when absent */
  server?: string | null;
};

export async function connectWithAppPassword(scope: Scope, input: PasswordConnectRequest) {
  assertCan(scope, "accounts.manage");
  const issues = new Issues();
  const adapter = adapterFor(input.provider);
  if (providerTable[input.provider].connect.method !== "password" || !adapter.connectWithPassword)
    issues.add("provider", `${providerLabels[input.provider]} connects through its own sign-in page, not with an app password`);
  if (!input.identifier.trim()) issues.add("identifier", "is required: the account's handle or email", "required");
  if (!input.appPassword.trim()) issues.add("appPassword", "is required", "required");
  issues.throwIfAny();

  let connection: { tokens: TokenSet; identity: ConnectedIdentity };
  try {
    connection = await adapter.connectWithPassword!({
      identifier: input.identifier,
      appPassword: input.appPassword.trim(),
      ...(input.server?.trim() ? { server: input.server.trim() } : {}),
    });
  } catch (err) {
    if (isPlatformError(err)) throw new AppError("CONNECTION_FAILED", err.detail);
    throw err;
  }
  const { tokens, identity } = connection;
  const data = {
    username: identity.username,
    displayName: identity.displayName,
    accountType: null,
    connectionMethod: null,
    pageTasks: [],
    metadata: (identity.metadata ?? {}) as Prisma.InputJsonValue,
    needsReconnect: false,
    reconnectReason: null,
    disconnectedAt: null,
    ...tokenColumns({ ...tokens, refreshToken: tokens.refreshToken ?? null }),
    scopes: identity.scopes ?? tokens.scopes ?? [],
  };
  const account = await db.connectedAccount.upsert({
    where: {
      workspaceId_provider_providerAccountId: { workspaceId: scope.workspaceId, provider: input.provider, providerAccountId: identity.providerAccountId },
    },
    create: { workspaceId: scope.workspaceId, provider: input.provider, providerAccountId: identity.providerAccountId, ...data },
    update: data,
  });
  return presentAccount(account);
}
