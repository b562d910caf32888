// When accounts sync: every SYNC_INTERVAL_MINUTES (a crontab tick finds the accounts due), shortly
// after each publish, and when a user asks in the dashboard. One queue entry per account (job
// key), so asking twice never runs two syncs of one account. SYNC_INTERVAL_MINUTES=0 leaves only
// the dashboard's "Sync now" (the test stack runs so: background syncs would take its faults).
import { sql, type ConnectedAccount } from "../../db.ts";
import { env } from "../../env.ts";
import { computeCapabilities } from "../accounts/capabilities.ts";

export const SYNC_TASK = "sync-account";
export const syncIntervalMinutes = () => env().syncIntervalMinutes;
/** a platform's lists and counters lag a publish by a little */
const AFTER_PUBLISH_SECONDS = 30;

export async function enqueueSync(accountId: string, delaySeconds = 0): Promise<void> {
  await sql(
    "sync-enqueue",
    `SELECT graphile_worker.add_job($1, json_build_object('accountId', $2::text), queue_name => 'sync:' || $2, run_at => now() + make_interval(secs => $3), job_key => 'sync:' || $2)`,
    [SYNC_TASK, accountId, delaySeconds],
  );
}

export async function enqueueSyncAfterPublish(accountId: string): Promise<void> {
  if (syncIntervalMinutes() > 0) await enqueueSync(accountId, AFTER_PUBLISH_SECONDS);
}

/** Accounts that can read posts and have not synced within the interval. */
export async function enqueueDueSyncs(): Promise<number> {
  if (syncIntervalMinutes() <= 0) return 0;
  const due = await sql<ConnectedAccount>(
    "sync-due",
    `SELECT * FROM "ConnectedAccount" WHERE "disconnectedAt" IS NULL AND NOT "needsReconnect"
        AND ("lastSyncedAt" IS NULL OR "lastSyncedAt" < now() - make_interval(mins => $1)) LIMIT 10000`,
    [syncIntervalMinutes()],
  );
  const readable = due.filter((a) => computeCapabilities(a).readPosts);
  for (const account of readable) await enqueueSync(account.id);
  return readable.length;
}
