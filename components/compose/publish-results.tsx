"use client";
// What happened on each account: text posts with their links at once; media jobs followed
// live until they finish.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { providerLabels } from "@/components/accounts/provider-badge";
import { useTRPC } from "@/components/trpc";
import { finalStatuses, JobStatusBadge, POLL_MS, statusHelp } from "@/components/jobs/job-status";
import type { PublishResponse } from "@/server/domain/publishing/publishing.schema";
import type { ScheduleResponse } from "@/server/domain/scheduling/scheduling.schema";
import { formatInZone } from "@/components/format/date-time";

type Result = PublishResponse["results"][number];

export function PublishResults({ response }: { response: PublishResponse }) {
  const { succeeded, failed } = response.summary;
  return (
    <section aria-label="Results" className="space-y-2 rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <h2 className="text-sm font-semibold">{failed === 0 ? "Sent" : `${succeeded} sent, ${failed} failed`}</h2>
      <ul className="space-y-2">
        {response.results.map((r) => (
          <li key={r.accountId} className="rounded-md bg-slate-50 p-3 text-sm" data-testid="publish-result">
            <p className="font-medium">
              {providerLabels[r.provider]} · @{r.username}
            </p>
            {r.jobId ? <JobProgress jobId={r.jobId} /> : <TextOutcome result={r} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

function TextOutcome({ result }: { result: Result }) {
  if (!result.success) return <p className="text-red-700">{result.error ? `${result.error.code}: ${result.error.message}` : "Not published"}</p>;
  return (
    <ol className="mt-1 list-inside list-decimal space-y-0.5">
      {result.postIds.map((id, i) => (
        <li key={id}>
          {result.permalinks?.[i] ? (
            <a className="break-all text-brand-700 hover:underline" href={result.permalinks[i]} target="_blank" rel="noreferrer">
              {result.permalinks[i]}
            </a>
          ) : (
            id
          )}
        </li>
      ))}
    </ol>
  );
}

function JobProgress({ jobId }: { jobId: string }) {
  const trpc = useTRPC();
  const job = useQuery({
    ...trpc.jobs.get.queryOptions({ id: jobId }),
    refetchInterval: (q) => (q.state.data && finalStatuses.has(q.state.data.status) ? false : POLL_MS),
  });
  const j = job.data;
  return (
    <div className="mt-1 space-y-1">
      <p className="flex items-center gap-2">
        <JobStatusBadge status={j?.status ?? "queued"} />
        <Link href={`/jobs?job=${jobId}`} className="text-xs text-slate-500 hover:underline">
          job {jobId.slice(0, 8)}
        </Link>
      </p>
      {j?.permalink ? (
        <a className="text-brand-700 hover:underline" href={j.permalink} target="_blank" rel="noreferrer" data-testid="job-permalink">
          {j.permalink}
        </a>
      ) : null}
      {j?.error ? (
        <p className="text-red-700">
          {j.error.code}: {j.error.message}
        </p>
      ) : null}
      {j && statusHelp[j.status] ? <p className="text-xs text-slate-600">{statusHelp[j.status]}</p> : null}
    </div>
  );
}

export function ScheduleResults({ response, zone }: { response: ScheduleResponse; zone: string }) {
  return (
    <section aria-label="Scheduled" className="space-y-2 rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <h2 className="text-sm font-semibold">Scheduled</h2>
      <ul className="space-y-2">
        {response.results.map((r) => (
          <li key={r.accountId} className="rounded-md bg-slate-50 p-3 text-sm" data-testid="schedule-result">
            <p className="font-medium">
              {providerLabels[r.provider]} · @{r.username}
            </p>
            <p className="text-slate-600">{formatInZone(r.scheduledAt, zone)}</p>
            {r.status ? <JobStatusBadge status={r.status} /> : null}
          </li>
        ))}
      </ul>
      <Link href="/calendar" className="text-sm text-brand-700 hover:underline">
        See the calendar
      </Link>
    </section>
  );
}
