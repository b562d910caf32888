"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { errorMessage, useTRPC } from "@/components/trpc";
import { formatDateTime } from "@/components/format/date-time";
import { ReviewLinksSection } from "@/components/review-links/review-links-section";
import { ShareForReview } from "@/components/review-links/share-for-review";
import { usePermission } from "@/components/access/use-permission";
import { ApprovalActions } from "./approval-actions";

type Item = {
  postGroupId: string;
  text: string;
  scheduledAt: string | null;
  createdAt: string;
  requestedBy: string | null;
  reason: string | null;
  decidedBy: string | null;
  targets: { accountId: string; provider: string; username: string | null }[];
};

export function ApprovalsPage() {
  const trpc = useTRPC();
  const [tab, setTab] = useState<"pending_approval" | "rejected">("pending_approval");
  const list = useQuery(trpc.approvals.list.queryOptions({ status: tab }));
  const canApprove = usePermission("content.approve") ?? false;
  return (
    <div className="space-y-4">
      <div role="group" aria-label="Show" className="flex gap-2">
        <Button
          variant={tab === "pending_approval" ? "primary" : "secondary"}
          aria-pressed={tab === "pending_approval"}
          onClick={() => setTab("pending_approval")}
        >
          Waiting
        </Button>
        <Button variant={tab === "rejected" ? "primary" : "secondary"} aria-pressed={tab === "rejected"} onClick={() => setTab("rejected")}>
          Returned with changes requested
        </Button>
      </div>
      {list.error ? <Alert>{errorMessage(list.error)}</Alert> : null}
      {list.data && list.data.items.length === 0 ? (
        <EmptyState title={tab === "rejected" ? "Nothing returned" : "Nothing waits for approval"}>
          {tab === "rejected"
            ? "Posts an approver rejects come back here with the reason."
            : "Posts written by contributors (or by anyone, when every post needs approval) wait here."}
        </EmptyState>
      ) : null}
      {tab === "pending_approval" && list.data && list.data.items.length > 1 ? (
        <ShareForReview postGroupIds={list.data.items.map((i) => i.postGroupId)} label={`Share all ${list.data.items.length} for client review`} />
      ) : null}
      <ul className="space-y-3">
        {list.data?.items.map((item) => (
          <ApprovalCard key={item.postGroupId} item={item} rejected={tab === "rejected"} canApprove={canApprove} />
        ))}
      </ul>
      {canApprove ? <ReviewLinksSection /> : null}
    </div>
  );
}

function ApprovalCard({ item, rejected, canApprove }: { item: Item; rejected: boolean; canApprove: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const done = () => queryClient.invalidateQueries({ queryKey: trpc.approvals.pathKey() });
  const headingId = `approval-${item.postGroupId}`;
  return (
    <li className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-labelledby={headingId} data-testid="approval-item">
      <h2 id={headingId} className="whitespace-pre-wrap text-sm text-slate-900">
        {item.text || "(no text)"}
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        To {item.targets.map((t) => `${t.provider} ${t.username ? `@${t.username}` : ""}`.trim()).join(", ")} ·{" "}
        {item.scheduledAt ? `for ${formatDateTime(item.scheduledAt)}` : "as soon as approved"} · by {item.requestedBy ?? "an API key"}
      </p>
      {rejected ? (
        <p className="mt-2 text-sm text-slate-800">
          <strong>{item.decidedBy}</strong> asked for changes: {item.reason}
        </p>
      ) : null}
      {!rejected && canApprove ? (
        <div className="mt-3">
          <ApprovalActions
            postGroupId={item.postGroupId}
            scheduledAt={item.scheduledAt}
            zone={Intl.DateTimeFormat().resolvedOptions().timeZone}
            onDone={done}
          />
          <div className="mt-2">
            <ShareForReview postGroupIds={[item.postGroupId]} />
          </div>
        </div>
      ) : null}
    </li>
  );
}
