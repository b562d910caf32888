"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { errorMessage, useTRPC } from "@/components/trpc";
import { formatDateTime } from "@/components/format/date-time";
import { ReviewLinksSection } from "@/components/review-links/review-links-section";
import { ShareForReview } from "@/components/review-links/share-for-review";

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
  const workspaces = useQuery(trpc.workspaces.list.queryOptions());
  const list = useQuery(trpc.approvals.list.queryOptions({ status: tab }));
  const canApprove = workspaces.data?.permissions.includes("content.approve") ?? false;
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
  const [mode, setMode] = useState<"idle" | "reject" | "reschedule">("idle");
  const done = () => queryClient.invalidateQueries({ queryKey: trpc.approvals.pathKey() });
  const approve = useMutation(trpc.approvals.approve.mutationOptions({ onSuccess: () => (toast.success("Approved: it is scheduled"), done()) }));
  const reject = useMutation(trpc.approvals.reject.mutationOptions({ onSuccess: () => (toast.success("Returned to its author"), done()) }));
  const passed = item.scheduledAt !== null && new Date(item.scheduledAt).getTime() <= Date.now();
  const failure = approve.error ?? reject.error;
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
      {failure ? (
        <div className="mt-2">
          <Alert>{errorMessage(failure)}</Alert>
        </div>
      ) : null}
      {!rejected && canApprove ? (
        <div className="mt-3 flex flex-wrap items-end gap-2">
          {passed ? (
            <p className="w-full text-sm text-amber-800">Its time has passed: choose a new time or publish it now. Nothing publishes late by itself.</p>
          ) : (
            <Button disabled={approve.isPending} onClick={() => approve.mutate({ postGroupId: item.postGroupId })}>
              Approve
            </Button>
          )}
          <Button variant="secondary" disabled={approve.isPending} onClick={() => approve.mutate({ postGroupId: item.postGroupId, publishNow: true })}>
            Approve and publish now
          </Button>
          <Button variant="secondary" onClick={() => setMode(mode === "reschedule" ? "idle" : "reschedule")} aria-expanded={mode === "reschedule"}>
            Approve for another time
          </Button>
          <Button variant="danger" onClick={() => setMode(mode === "reject" ? "idle" : "reject")} aria-expanded={mode === "reject"}>
            Request changes
          </Button>
          <ShareForReview postGroupIds={[item.postGroupId]} />
        </div>
      ) : null}
      {mode === "reschedule" ? (
        <form
          className="mt-3 flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const value = String(new FormData(e.currentTarget).get("at"));
            approve.mutate({
              postGroupId: item.postGroupId,
              scheduledAt: new Date(value).toISOString(),
              timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
            });
          }}
        >
          <div>
            <label htmlFor={`at-${item.postGroupId}`} className="block text-sm font-medium text-slate-700">
              New time
            </label>
            <input
              id={`at-${item.postGroupId}`}
              name="at"
              type="datetime-local"
              required
              className="mt-1 rounded-md border-0 px-3 py-2 text-sm ring-1 ring-inset ring-slate-300"
            />
          </div>
          <Button type="submit" disabled={approve.isPending}>
            Approve for this time
          </Button>
        </form>
      ) : null}
      {mode === "reject" ? (
        <form
          className="mt-3 space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            reject.mutate({ postGroupId: item.postGroupId, reason: String(new FormData(e.currentTarget).get("reason")) });
          }}
        >
          <label htmlFor={`reason-${item.postGroupId}`} className="block text-sm font-medium text-slate-700">
            What should change?
          </label>
          <textarea
            id={`reason-${item.postGroupId}`}
            name="reason"
            required
            rows={3}
            className="block w-full rounded-md border-0 px-3 py-2 text-sm ring-1 ring-inset ring-slate-300"
          />
          <Button type="submit" variant="danger" disabled={reject.isPending}>
            Return to the author
          </Button>
        </form>
      ) : null}
    </li>
  );
}
