"use client";
// What became of each account of a post group: the group is polled (posts.group) until every
// target's job is final, each shown with its status, a link to its job, its permalink once
// published, or the failure in plain words.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useRef } from "react";
import { providerLabels } from "@/components/accounts/provider-badge";
import { formatInZone } from "@/components/format/date-time";
import { finalStatuses, JobStatusBadge, POLL_MS, statusHelp } from "@/components/jobs/job-status";
import { useTRPC } from "@/components/trpc";
import type { PostGroupAccepted } from "@/server/domain/post-groups/post-groups.schema";
import { PostLink } from "@/components/ui/post-link";

/** SPEC.md's job failure codes as people read them; the platform's own message follows. */
const failureLabels: Record<string, string> = {
  ACCOUNT_UNAVAILABLE: "The account needs to be reconnected (its access expired or was withdrawn).",
  MEDIA_UNAVAILABLE: "The media could not be read from the library.",
  PUBLISH_QUOTA_EXCEEDED: "The platform's posting limit was reached; try again later.",
  PREPARATION_FAILED: "The platform could not process the media.",
  PUBLISH_FAILED: "The platform refused the post.",
  PUBLISH_RESULT_UNKNOWN: "The platform did not confirm the post.",
  COMMENT_FAILED: "The first comment was not posted.",
  COMMENT_RESULT_UNKNOWN: "The platform did not confirm the first comment; it is not posted again.",
};

const commentLabels: Record<string, string> = {
  pending: "waits for the post",
  posted: "posted",
  failed: "not posted",
  unknown: "not confirmed",
  not_posted: "not posted (the post was not published)",
};

function humanFailure(error: { code: string; message: string }): string {
  return `${failureLabels[error.code] ?? "Not published."} ${error.message}`;
}

export function GroupResults({
  accepted,
  scheduledAt,
  zone,
  queued = false,
}: {
  accepted: PostGroupAccepted;
  scheduledAt: string | null;
  zone: string;
  /** added to the queue: each target has its own slot (accepted.targets[].scheduledAt) */
  queued?: boolean;
}) {
  if (accepted.approval?.status === "pending_approval") return <SubmittedForApproval accepted={accepted} />;
  return <Results accepted={accepted} scheduledAt={scheduledAt} zone={zone} queued={queued} />;
}

/** A contributor's post (or anyone's, where every post needs approval): nothing is scheduled yet. */
function SubmittedForApproval({ accepted }: { accepted: PostGroupAccepted }) {
  const section = useRef<HTMLElement>(null);
  useEffect(() => section.current?.focus(), [accepted.postGroupId]);
  return (
    <section ref={section} tabIndex={-1} aria-label="Results" className="space-y-2 rounded-lg bg-white p-4 ring-1 ring-slate-200" data-testid="group-results">
      <h2 className="text-sm font-semibold">Submitted for approval</h2>
      <p className="text-sm text-slate-700" data-testid="approval-result">
        Nothing is scheduled or published until an editor approves it; you are emailed if changes are requested. Follow it in{" "}
        <Link href="/approvals" className="text-brand-700 underline">
          Approvals
        </Link>
        .
      </p>
    </section>
  );
}

function Results({ accepted, scheduledAt, zone, queued }: { accepted: PostGroupAccepted; scheduledAt: string | null; zone: string; queued: boolean }) {
  const trpc = useTRPC();
  const group = useQuery({
    ...trpc.posts.group.queryOptions({ id: accepted.postGroupId }),
    refetchInterval: (q) =>
      q.state.data && q.state.data.targets.every((t) => finalStatuses.has(t.status) && (!t.firstComment || t.firstComment.status !== "pending"))
        ? false
        : POLL_MS,
  });
  const targets = group.data?.targets ?? accepted.targets.map((t) => ({ ...t, username: "", postId: null, permalink: null, sandboxUrl: null }));
  const published = targets.filter((t) => t.status === "published").length;
  const slotOf = new Map(accepted.targets.map((t) => [t.accountId, t.scheduledAt ?? null]));
  const timeOf = (accountId: string) => (queued ? slotOf.get(accountId) : scheduledAt) ?? null;
  // a new result takes the focus from the composer's button (disabled once the content clears)
  const section = useRef<HTMLElement>(null);
  useEffect(() => section.current?.focus(), [accepted.postGroupId]);
  return (
    <section ref={section} tabIndex={-1} aria-label="Results" className="space-y-2 rounded-lg bg-white p-4 ring-1 ring-slate-200" data-testid="group-results">
      <h2 className="text-sm font-semibold">
        {queued ? "Added to the queue" : scheduledAt ? `Scheduled for ${formatInZone(scheduledAt, zone)}` : `${published} of ${targets.length} published`}
      </h2>
      <ul className="space-y-2">
        {targets.map((t) => (
          <li
            key={t.accountId}
            className="min-w-0 rounded-md bg-slate-50 p-3 text-sm"
            data-testid={queued ? "queue-result" : scheduledAt ? "schedule-result" : "publish-result"}
            data-provider={t.provider}
          >
            <p className="font-medium">
              {providerLabels[t.provider]}
              {t.username ? ` · @${t.username}` : ""}
            </p>
            {timeOf(t.accountId) ? (
              <p className="text-xs text-slate-600">
                Publishes {formatInZone(timeOf(t.accountId)!, zone)}
                {queued ? " (its next free slot)" : ""}
              </p>
            ) : null}
            <p className="mt-1 flex flex-wrap items-center gap-2">
              <JobStatusBadge status={t.status} />
              <Link href={`/jobs?job=${t.jobId}`} className="text-xs text-slate-500 hover:underline">
                job {t.jobId.slice(0, 8)}
              </Link>
            </p>
            {"permalink" in t && t.permalink ? <PostLink permalink={t.permalink} sandboxUrl={t.sandboxUrl} provider={t.provider} /> : null}
            {"error" in t && t.error ? (
              <p className="text-red-700" data-testid="job-error">
                {humanFailure(t.error)}
              </p>
            ) : null}
            {"firstComment" in t && t.firstComment ? (
              <p className="text-xs text-slate-600" data-testid="first-comment-status">
                First comment: {commentLabels[t.firstComment.status] ?? t.firstComment.status}
                {t.firstComment.error ? ` — ${humanFailure(t.firstComment.error)}` : ""}
              </p>
            ) : null}
            {t.warnings?.map((w) => (
              <p key={w} className="text-xs text-slate-600">
                {w}
              </p>
            ))}
            {statusHelp[t.status] ? <p className="text-xs text-slate-600">{statusHelp[t.status]}</p> : null}
          </li>
        ))}
      </ul>
      <p className="text-xs text-slate-500">
        Every post is tracked on the{" "}
        <Link href="/jobs" className="text-brand-700 underline">
          Jobs
        </Link>{" "}
        page
        {scheduledAt || queued ? (
          <>
            {" "}
            and the{" "}
            <Link href="/calendar" className="text-brand-700 underline">
              calendar
            </Link>
          </>
        ) : null}
        .
      </p>
    </section>
  );
}
