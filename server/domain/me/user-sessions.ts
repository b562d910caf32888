// Signed-in sessions kept in PostgreSQL. The next-auth JWT carries the session's id (`sid`); a
// request is signed in only while that row exists, is not revoked and has not expired, so
// "sign out" and "sign out everywhere" take effect on the next request of every web process.
import { db, type Prisma } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { isUuid } from "../ids.ts";

export const SESSION_DAYS = 30;

export type SessionClient = { userAgent: string | null; address: string | null };

/** A new session row for a sign-in; answers its id (the JWT's `sid`). */
export async function createUserSession(userId: string, client: SessionClient): Promise<string> {
  const row = await db.userSession.create({
    data: {
      userId,
      userAgent: client.userAgent?.slice(0, 500) || null,
      address: client.address?.slice(0, 100) || null,
      expiresAt: new Date(Date.now() + SESSION_DAYS * 24 * 60 * 60 * 1000),
    },
    select: { id: true },
  });
  return row.id;
}

/**
 * The user of a live session, or null (unknown, revoked, expired, or another user's). One
 * statement per request: it also moves lastSeenAt, at most once a minute, so the list of
 * sessions says when each was last used without a write on every request.
 */
export async function liveSessionUser(sessionId: string, userId: string): Promise<string | null> {
  if (!isUuid(sessionId) || !isUuid(userId)) return null;
  const rows = await db.$queryRaw<{ userId: string }[]>`
    WITH live AS (
      SELECT id, "userId", "lastSeenAt" FROM "UserSession"
      WHERE id = ${sessionId}::uuid AND "userId" = ${userId}::uuid AND "revokedAt" IS NULL AND "expiresAt" > now()
    ), seen AS (
      UPDATE "UserSession" s SET "lastSeenAt" = now() FROM live
      WHERE s.id = live.id AND live."lastSeenAt" < now() - interval '1 minute'
    )
    SELECT "userId"::text AS "userId" FROM live`;
  return rows[0]?.userId ?? null;
}

export type SessionView = {
  id: string;
  userAgent: string | null;
  address: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  current: boolean;
};

/** The person's live sessions, most recently used first; `current` marks the one asking. */
export async function listSessions(userId: string, currentSessionId: string): Promise<SessionView[]> {
  const rows = await db.userSession.findMany({
    where: { userId, revokedAt: null, expiresAt: { gt: new Date() } },
    orderBy: [{ lastSeenAt: "desc" }, { createdAt: "desc" }],
    select: { id: true, userAgent: true, address: true, createdAt: true, lastSeenAt: true, expiresAt: true },
  });
  return rows.map((row) => ({ ...row, current: row.id === currentSessionId }));
}

/** Signs one of the person's sessions out; NOT_FOUND for a session that is not theirs or already ended. */
export async function revokeSession(userId: string, sessionId: string): Promise<void> {
  const { count } = isUuid(sessionId)
    ? await db.userSession.updateMany({ where: { id: sessionId, userId, revokedAt: null }, data: { revokedAt: new Date() } })
    : { count: 0 };
  if (count === 0) throw new AppError("NOT_FOUND", "No such signed-in session");
}

/** Signs out every session of the person except `keepSessionId` (null: all of them); answers how many ended. */
export async function revokeSessions(userId: string, keepSessionId: string | null, q: Pick<Prisma.TransactionClient, "userSession"> = db): Promise<number> {
  const { count } = await q.userSession.updateMany({
    where: { userId, revokedAt: null, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) },
    data: { revokedAt: new Date() },
  });
  return count;
}

/** next-auth's sign-out: the session row of the cookie being cleared ends too. */
export async function endSession(sessionId: string): Promise<void> {
  if (!isUuid(sessionId)) return;
  await db.userSession.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: new Date() } });
}
