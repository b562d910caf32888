// The OAuthState row every OAuth connection keeps between its start and its callback (the
// configured providers, Mastodon's named instances, Bluesky's atproto OAuth): who started it, in
// which workspace, which account it reconnects. Consumed exactly once: a replayed or forged
// callback finds nothing.
import crypto from "node:crypto";
import { db, type OAuthState, type Prisma } from "../../db.ts";
import { AppError, notFound } from "../../errors.ts";
import { actorUserId, type Scope } from "../access.ts";
import { isUuid } from "../ids.ts";
import type { ProviderName } from "./providers.ts";

const STATE_TTL_MS = 15 * 60_000;

/**
 * Whom an attempt is for: the workspace the account joins, the user who started it (bound to
 * the callback's session), and the client connect link it came through (no user: the person has
 * no login; the link's use is consumed when the account is stored).
 */
export type ConnectOwner = { workspaceId: string; userId: string | null; connectLinkId: string | null };

export const ownerOf = (scope: Scope): ConnectOwner => ({ workspaceId: scope.workspaceId, userId: actorUserId(scope) ?? null, connectLinkId: null });

/** The account a connection reconnects (none without accountId); 404 for one not in the workspace. */
export async function findReconnected(owner: Pick<ConnectOwner, "workspaceId">, provider: ProviderName, accountId: string | undefined) {
  if (accountId === undefined) return undefined;
  const existing = isUuid(accountId) ? await db.connectedAccount.findFirst({ where: { id: accountId, workspaceId: owner.workspaceId, provider } }) : null;
  if (!existing) throw notFound("Account");
  return existing;
}

type StateFields = Pick<Prisma.OAuthStateUncheckedCreateInput, "codeVerifier" | "app" | "instance">;

/** A new attempt's state, kept for 15 minutes. */
export async function createConnectState(
  owner: ConnectOwner,
  provider: ProviderName,
  input: { accountId?: string; returnTo?: string },
  fields: StateFields = {},
): Promise<string> {
  const state = crypto.randomBytes(32).toString("base64url");
  await db.oAuthState.create({
    data: {
      state,
      workspaceId: owner.workspaceId,
      userId: owner.userId,
      connectLinkId: owner.connectLinkId,
      provider,
      accountId: input.accountId ?? null,
      returnTo: input.returnTo?.startsWith("/") ? input.returnTo : null,
      expiresAt: new Date(Date.now() + STATE_TTL_MS),
      ...fields,
    },
  });
  return state;
}

/** The attempt a callback finishes, consumed first and bound to the user who started it. */
export async function consumeConnectState(state: string | null, provider: ProviderName, userId: string | null): Promise<OAuthState> {
  const consumed = state
    ? await db.oAuthState.updateManyAndReturn({
        where: { state, provider, usedAt: null, expiresAt: { gt: new Date() } },
        data: { usedAt: new Date() },
      })
    : [];
  const attempt = consumed[0];
  if (!attempt) throw new AppError("OAUTH_STATE_INVALID", "This connection attempt is unknown, expired or was already used; start again");
  if (attempt.userId && attempt.userId !== userId) throw new AppError("OAUTH_STATE_INVALID", "This connection was started by someone else");
  return attempt;
}

/**
 * The client connect link an attempt came through, read without consuming it: where the callback
 * sends a person whose connection failed (the link's page, not the dashboard they cannot open).
 */
export async function connectLinkOfState(state: string | null): Promise<string | null> {
  if (!state) return null;
  const attempt = await db.oAuthState.findUnique({ where: { state }, select: { connectLinkId: true } });
  return attempt?.connectLinkId ?? null;
}
