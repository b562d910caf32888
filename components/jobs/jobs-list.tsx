"use client";
// Every media job of the workspace, newest first, live: the list polls while any shown job is
// still moving. Filters by provider and status; a job's detail opens beside the list.
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { providerLabels } from "@/components/accounts/provider-badge";
import { ProviderFilter } from "@/components/accounts/provider-filter";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { errorMessage, useTRPC } from "@/components/trpc";
import { providers, type ProviderName } from "@/server/domain/accounts/providers";
import { finalStatuses, JobStatusBadge, POLL_MS, statusHelp } from "./job-status";
import { formatDateTime, formatInZone } from "@/components/format/date-time";
import { useTimeZone } from "@/components/scheduling/use-time-zone";
import { PostLink } from "@/components/ui/post-link";

const statuses = ["queued", "scheduled", "processing", "published", "failed", "canceled", "unknown"] as const;
type Status = (typeof statuses)[number];

export function JobsList() {
  const trpc = useTRPC();
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  // The filters live in state (so quick successive changes build on each other) and are
  // mirrored into the URL, which makes a filtered view shareable and survives a reload.
  const [query, setQuery] = useState(() => new URLSearchParams(params));
  const setParam = (key: string, value: string | undefined) =>
    setQuery((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });
  useEffect(() => {
    if (query.toString() !== new URLSearchParams(window.location.search).toString()) router.replace(`${pathname}?${query}`);
  }, [query, pathname, router]);
  const provider = (providers as readonly string[]).includes(query.get("provider") ?? "") ? (query.get("provider") as ProviderName) : undefined;
  const status = (statuses as readonly string[]).includes(query.get("status") ?? "") ? (query.get("status") as Status) : undefined;
  const selected = query.get("job");

  const jobs = useInfiniteQuery({
    ...trpc.jobs.list.infiniteQueryOptions({ provider, status, limit: 25 }, { getNextPageParam: (last) => last.nextCursor ?? undefined }),
    refetchInterval: (q) => (q.state.data?.pages.some((p) => p.jobs.some((j) => !finalStatuses.has(j.status))) ? POLL_MS : false),
  });
  const rows = jobs.data?.pages.flatMap((p) => p.jobs) ?? [];

  return (
    <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0 space-y-4">
        <div className="flex flex-wrap gap-3">
          <ProviderFilter value={provider} onChange={(p) => setParam("provider", p)} />
          <label className="text-sm">
            <span className="mr-2 text-slate-600">Status</span>
            <select
              value={status ?? ""}
              onChange={(e) => setParam("status", e.target.value || undefined)}
              className="rounded-md border-0 py-1.5 text-sm ring-1 ring-inset ring-slate-300"
            >
              <option value="">All</option>
              {statuses.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
        </div>

        {jobs.error ? <Alert>{errorMessage(jobs.error)}</Alert> : null}
        {jobs.data && rows.length === 0 ? (
          <EmptyState title="No publish jobs">
            {provider || status ? "No job matches these filters." : "Media posts you publish or schedule are tracked here."}
          </EmptyState>
        ) : null}
        {rows.length > 0 ? (
          // A fixed layout: the post's text gives way (an ellipsis) to the account and status. On a
          // phone each row reflows into a card (the text, then account, status and time), so
          // nothing hides behind a sideways scroll.
          <table
            className="w-full table-fixed overflow-hidden rounded-lg bg-white text-sm shadow-sm ring-1 ring-slate-200 max-sm:block"
            aria-label="Publish jobs"
          >
            <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500 max-sm:hidden">
              <tr>
                <th className="px-3 py-2">Post</th>
                <th className="w-40 px-3 py-2">Account</th>
                <th className="w-28 px-3 py-2">Status</th>
                <th className="w-40 px-3 py-2">Created</th>
              </tr>
            </thead>
            <tbody className="max-sm:block">
              {rows.map((j) => (
                <tr
                  key={j.jobId}
                  data-testid="job-row"
                  onClick={() => setParam("job", j.jobId)}
                  className={`cursor-pointer border-t border-slate-100 hover:bg-slate-50 max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-2 max-sm:py-2 ${selected === j.jobId ? "bg-brand-50" : ""}`}
                >
                  <td className="px-3 py-2 max-sm:w-full max-sm:py-0">
                    <div className="flex min-w-0 items-baseline gap-1">
                      <button type="button" className="block min-w-0 max-w-full text-left hover:underline" onClick={() => setParam("job", j.jobId)}>
                        <span className="block truncate" data-testid="job-summary">
                          {j.summary || <span className="text-slate-500">(no caption)</span>}
                        </span>
                      </button>
                      {j.contentType ? <span className="shrink-0 text-xs text-slate-500">{j.contentType}</span> : null}
                    </div>
                  </td>
                  <td className="truncate px-3 py-2 max-sm:py-1 max-sm:pr-0 max-sm:text-xs" data-testid="job-account">
                    {providerLabels[j.platform]} · @{j.username}
                  </td>
                  <td className="px-3 py-2 max-sm:px-0 max-sm:py-1">
                    <JobStatusBadge status={j.status} />
                  </td>
                  <td className="px-3 py-2 text-slate-500 max-sm:px-0 max-sm:py-1 max-sm:text-xs">{formatDateTime(j.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {jobs.hasNextPage ? (
          <Button variant="secondary" onClick={() => void jobs.fetchNextPage()} disabled={jobs.isFetchingNextPage}>
            Load more
          </Button>
        ) : null}
      </div>
      <aside>
        {selected ? (
          <JobDetail jobId={selected} onClose={() => setParam("job", undefined)} />
        ) : (
          <p className="text-sm text-slate-500">Select a job to see its details.</p>
        )}
      </aside>
    </div>
  );
}

function JobDetail({ jobId, onClose }: { jobId: string; onClose(): void }) {
  const trpc = useTRPC();
  const [zone] = useTimeZone();
  const job = useQuery({
    ...trpc.jobs.get.queryOptions({ id: jobId }),
    refetchInterval: (q) => (q.state.data && finalStatuses.has(q.state.data.status) ? false : POLL_MS),
  });
  if (job.error) return <Alert>{errorMessage(job.error)}</Alert>;
  const j = job.data;
  if (!j) return null;
  const rows: [string, React.ReactNode][] = [
    [
      "Job",
      <code key="id" className="text-xs">
        {j.jobId}
      </code>,
    ],
    ["Account", `${providerLabels[j.platform]} · @${j.username}`],
    ["Status", <JobStatusBadge key="s" status={j.status} />],
    ["Post id", j.postId ?? "—"],
    ["Link", j.permalink ? <PostLink key="l" permalink={j.permalink} sandboxUrl={j.sandboxUrl} provider={j.platform} /> : "—"],
    ["Scheduled for", j.scheduledAt ? formatInZone(j.scheduledAt, zone) : "—"],
  ];
  return (
    <section aria-label="Job detail" className="space-y-3 rounded-lg bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
      <div className="flex items-center justify-between">
        <h2 className="font-semibold">Job detail</h2>
        <Button variant="ghost" className="px-2 py-1 text-xs" onClick={onClose}>
          Close
        </Button>
      </div>
      <dl className="grid grid-cols-[7rem_1fr] gap-x-2 gap-y-1.5">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-slate-500">{k}</dt>
            <dd className="min-w-0">{v}</dd>
          </div>
        ))}
      </dl>
      {j.error ? (
        <div className="rounded-md bg-red-50 p-2 text-red-800" data-testid="job-error">
          <p className="font-mono text-xs">{j.error.code}</p>
          <p>{j.error.message}</p>
        </div>
      ) : null}
      {statusHelp[j.status] ? <p className="text-xs text-slate-600">{statusHelp[j.status]}</p> : null}
    </section>
  );
}
