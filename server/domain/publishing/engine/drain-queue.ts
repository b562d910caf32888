// The queue entry of an account's drain: one graphile-worker job per account (job key
// `drain:<accountId>`), always due now. Whatever makes a job ready adds it in the same statement.
// An entry already waiting is kept as it is (its place in the queue), and held (FOR SHARE) until
// the statement commits, so no worker starts it before the new job is visible; one already running
// gets a successor (graphile-worker's job keys). So a job made ready during a drain is never missed.
export const DRAIN_TASK = "publish-job";
export const drainKey = (accountId: string) => `drain:${accountId}`;

/**
 * SQL (a set) adding the drain entries of the accounts SQL expression `accountIds` (uuid[]) names
 * that have none waiting, in one call; nothing when all have one. Accounts are taken in order, so
 * concurrent callers sharing accounts cannot deadlock on the entries.
 */
export function ensureDrains(accountIds: string): string {
  return `(SELECT q.id FROM (SELECT ARRAY(
            SELECT ROW('${DRAIN_TASK}', json_build_object('accountId', a), NULL, NULL, NULL, '${drainKey("")}' || a, NULL, NULL)::graphile_worker.job_spec
              FROM (SELECT DISTINCT unnest(${accountIds}) AS a ORDER BY 1) d
             WHERE NOT EXISTS (SELECT FROM graphile_worker._private_jobs w
                                WHERE w.key = '${drainKey("")}' || d.a AND w.is_available AND w.run_at <= now() FOR SHARE)
          ) AS specs) s,
          LATERAL graphile_worker.add_jobs(s.specs, job_key_preserve_run_at => true) q
          WHERE cardinality(s.specs) > 0)`;
}
