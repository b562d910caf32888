// The signed-in user of a dashboard request, from the next-auth session cookie. A cookie counts
// only while its session row (UserSession, named by the JWT's `sid`) is live: not signed out from
// the account page, not ended by a password change or reset, not expired. One PostgreSQL read per
// request, so a revocation holds from the next request in every web process. JWTs issued before
// sessions were stored carry no `sid` and are refused: their holders sign in again.
import { getServerSession } from "next-auth";
import { findUserSummary } from "../domain/auth/find-user.ts";
import { liveSessionUser } from "../domain/me/user-sessions.ts";
import { authOptions } from "./auth-options.ts";

export const WORKSPACE_COOKIE = "posteady-workspace";

/** The signed-in user and their session row's id, or null. */
export async function currentSession(): Promise<{ userId: string; sessionId: string } | null> {
  const session = (await getServerSession(authOptions())) as { user?: { id?: string }; sid?: string } | null;
  const userId = session?.user?.id;
  const sessionId = session?.sid;
  if (!userId || !sessionId) return null;
  return (await liveSessionUser(sessionId, userId)) ? { userId, sessionId } : null;
}

export async function sessionUserId(): Promise<string | null> {
  return (await currentSession())?.userId ?? null;
}

/** The signed-in user's row, or null (no session, or the user no longer exists). */
export async function currentUser(): Promise<{ id: string; email: string; name: string | null } | null> {
  const userId = await sessionUserId();
  if (!userId) return null;
  return findUserSummary(userId);
}
