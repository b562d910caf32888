// Publish jobs' queue entries: plain graphile-worker jobs, one per job (job key), so moving a
// scheduled post moves its entry. Accounts publish one at a time through their lane
// (./account-lane.ts), not through the queue's named queues. Each entry carries its account as a
// flag, so a worker can pass over the accounts it is publishing for already (accountFlag).
export const PUBLISH_TASK = "publish-job";
export const publishJobKey = (jobId: string) => `publish:${jobId}`;
const accountFlag = (accountId: string) => `account:${accountId}`;

/**
 * SQL adding the queue entry of a job, given SQL expressions of its id and account, to run at
 * `runAt` (default now). An entry for a lane's hand-off is unkeyed (a waiter moved to a later time
 * keeps its own entry at that time) and has the priority SQL expression `handOffPriority` gives (-1,
 * before other due jobs, when its account waits for it).
 */
export function addPublishEntry(job: { id: string; accountId: string }, { runAt, handOffPriority }: { runAt?: string; handOffPriority?: string } = {}): string {
  const args = [`'${PUBLISH_TASK}'`, `json_build_object('jobId', ${job.id})`, `flags => ARRAY['${accountFlag("")}' || ${job.accountId}]`];
  if (runAt) args.push(`run_at => ${runAt}`);
  args.push(handOffPriority ? `priority => ${handOffPriority}` : `job_key => '${publishJobKey("")}' || ${job.id}`);
  return `graphile_worker.add_job(${args.join(", ")})`;
}

/** SQL removing the waiting queue entry of a job (a locked one loses its key and retries, and runs once more to find the job taken). */
export function removePublishEntry(jobId: string): string {
  return `graphile_worker.remove_job('${publishJobKey("")}' || ${jobId})`;
}

/**
 * SQL removing the waiting queue entries of the jobs SQL expression `jobIds` (uuid[]) names, in one
 * call and without remove_job's NOTIFY per entry (no worker needs to hear of an entry gone). A
 * locked one stays; its run finds the job taken or in line. Answers the entries removed (a set).
 */
export function removePublishEntries(jobIds: string): string {
  return `graphile_worker.complete_jobs(ARRAY(SELECT id FROM graphile_worker.jobs WHERE key IN (SELECT '${publishJobKey("")}' || x FROM unnest(${jobIds}) x)))`;
}
