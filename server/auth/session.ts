// The signed-in user of a dashboard request, from the next-auth session cookie.
import { getServerSession } from "next-auth";
import { findUserSummary } from "../domain/auth/find-user.ts";
import { authOptions } from "./auth-options.ts";

export const WORKSPACE_COOKIE = "posteady-workspace";

export async function sessionUserId(): Promise<string | null> {
  const session = await getServerSession(authOptions());
  return (session?.user as { id?: string } | undefined)?.id ?? null;
}

/** The signed-in user's row, or null (no session, or the user no longer exists). */
export async function currentUser(): Promise<{ id: string; email: string; name: string | null } | null> {
  const userId = await sessionUserId();
  if (!userId) return null;
  return findUserSummary(userId);
}
