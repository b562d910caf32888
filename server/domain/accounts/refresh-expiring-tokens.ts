// The background refresh: every account whose tokens are due is refreshed before they expire;
// one whose platform refuses is flagged for reconnection (refreshAccountTokens does both).
import { db } from "../../db.ts";
import { log } from "../../log.ts";
import { refreshAccountTokens, refreshDueAt } from "./account-tokens.ts";

const LONGEST_MARGIN_MS = 7 * 86_400_000;

export async function refreshExpiringTokens(now = new Date()) {
  const candidates = await db.connectedAccount.findMany({
    where: { disconnectedAt: null, needsReconnect: false, tokenExpiresAt: { not: null, lt: new Date(now.getTime() + LONGEST_MARGIN_MS) } },
    select: { id: true, provider: true, tokenExpiresAt: true },
  });
  let refreshed = 0;
  let flagged = 0;
  let failed = 0;
  for (const candidate of candidates) {
    const due = refreshDueAt(candidate);
    if (!due || due.getTime() > now.getTime()) continue;
    try {
      const account = await refreshAccountTokens(candidate.id);
      if (account.needsReconnect) flagged++;
      else refreshed++;
    } catch (err) {
      failed++; // transient (platform unreachable, rate limited): the next run tries again
      log.warn("token refresh failed; will retry", { accountId: candidate.id, error: (err as Error).message });
    }
  }
  return { refreshed, flagged, failed };
}
