"use client";
// A post group waiting for approval, opened in the calendar: where it goes, what it says, the time
// asked for, who asked, (for approvers) the Approvals page's choices and a client review link, and
// its comments. It has no job yet, so it is never dragged or moved: approving it for another time
// is how it moves.
import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useRef } from "react";
import { providerLabels } from "@/components/accounts/provider-badge";
import { usePermission } from "@/components/access/use-permission";
import { ApprovalActions } from "@/components/approvals/approval-actions";
import { CommentThread } from "@/components/comments/comment-thread";
import { formatInZone } from "@/components/format/date-time";
import { ShareForReview } from "@/components/review-links/share-for-review";
import { useTRPC } from "@/components/trpc";
import type { CalendarEntry } from "@/server/domain/scheduling/calendar-entries";

export function ApprovalDetail({ entry, zone, onChanged, onClose }: { entry: CalendarEntry; zone: string; onChanged: () => void; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canApprove = usePermission("content.approve");
  const request = entry.approval!;
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.scrollIntoView({ block: "nearest" });
  }, []);
  const decided = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.approvals.pathKey() });
    onChanged();
    onClose();
  };
  return (
    <section
      ref={panel}
      aria-label="Approval request"
      data-testid="approval-detail"
      className="space-y-3 rounded-lg bg-white p-4 text-sm ring-1 ring-slate-200"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 className="font-semibold">
          <span className="mr-1 text-xs font-semibold uppercase tracking-wide text-slate-600" data-testid="detail-status">
            Awaiting approval
          </span>
        </h2>
        <button type="button" onClick={onClose} aria-label="Close" className="text-slate-500 hover:text-slate-800">
          ×
        </button>
      </div>
      <p className="text-slate-600">Nothing is scheduled or published until an editor, admin or owner approves it.</p>
      <ul className="space-y-0.5" aria-label="Targets">
        {entry.targets.map((t, i) => (
          <li key={i}>
            {providerLabels[t.provider]}
            {t.username ? ` · @${t.username}` : " · account removed"}
          </li>
        ))}
      </ul>
      <p className="whitespace-pre-wrap break-words" data-testid="entry-text">
        {entry.text || "(no text)"}
      </p>
      <p className="text-slate-600" data-testid="requested-time">
        {request.requestedAt
          ? `Requested for ${formatInZone(request.requestedAt, zone)}`
          : request.queued
            ? "To take each account's next free queue slot once approved"
            : "To publish as soon as approved"}
        {entry.timezone && entry.timezone !== zone && request.requestedAt ? ` (chosen in ${entry.timezone})` : ""}
      </p>
      <p className="text-slate-600">
        Submitted by {request.requestedBy ?? "an API key"} on {formatInZone(request.submittedAt, zone)}
      </p>
      {canApprove ? <ApprovalActions postGroupId={request.postGroupId} scheduledAt={request.requestedAt} zone={zone} onDone={decided} /> : null}
      <ShareForReview postGroupIds={[request.postGroupId]} />
      <Link href="/approvals" className="inline-block text-brand-700 hover:underline">
        Open the Approvals page
      </Link>
      <CommentThread target={{ postGroupId: request.postGroupId }} />
    </section>
  );
}
