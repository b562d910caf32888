import { dbPool } from "../db.ts";

/**
 * A load balancer's probe expects an answer within a second or two, whatever the database does:
 * the check has its own deadline, shorter than a request's (DATABASE_TIMEOUT_SECONDS). Plain pg
 * rather than Prisma, which has no per-statement deadline.
 */
const HEALTH_DEADLINE_MS = 1_500;
// pg's per-statement query_timeout (its types leave it out of QueryConfig)
const probe = { text: "SELECT 1", query_timeout: HEALTH_DEADLINE_MS };

export async function checkHealth(): Promise<{ ok: boolean; database: "up" | "down" }> {
  let timer: NodeJS.Timeout | undefined;
  // the deadline covers taking a connection too (the pool may be full of stalled statements)
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("the health check timed out")), HEALTH_DEADLINE_MS)));
  try {
    await Promise.race([dbPool().query(probe), late]);
    return { ok: true, database: "up" };
  } catch {
    return { ok: false, database: "down" };
  } finally {
    clearTimeout(timer);
  }
}
