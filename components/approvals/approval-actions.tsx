"use client";
// An approver's choices for one group waiting for approval, on the Approvals page and in the
// calendar's panel: approve (at its time), publish now, approve for another time, or return it
// with the changes wanted. Nothing publishes late by itself: when its time has passed, only a new
// time or "publish now" is offered (the server answers 409 to a plain approve).
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { resolveWhen } from "@/components/scheduling/schedule-picker";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage, useTRPC } from "@/components/trpc";

export function ApprovalActions({
  postGroupId,
  scheduledAt,
  zone,
  onDone,
}: {
  postGroupId: string;
  /** the requested time, null for "as soon as approved" or a queue slot */
  scheduledAt: string | null;
  /** the zone a new time is chosen in */
  zone: string;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const [mode, setMode] = useState<"idle" | "reject" | "reschedule">("idle");
  const approve = useMutation(trpc.approvals.approve.mutationOptions({ onSuccess: () => (toast.success("Approved: it is scheduled"), onDone()) }));
  const reject = useMutation(trpc.approvals.reject.mutationOptions({ onSuccess: () => (toast.success("Returned to its author"), onDone()) }));
  const passed = scheduledAt !== null && new Date(scheduledAt).getTime() <= Date.now();
  const failure = approve.error ?? reject.error;
  return (
    <div className="space-y-3" data-testid="approval-actions">
      {failure ? <Alert>{errorMessage(failure)}</Alert> : null}
      <div className="flex flex-wrap items-end gap-2">
        {passed ? (
          <p className="w-full text-sm text-amber-800">Its time has passed: choose a new time or publish it now. Nothing publishes late by itself.</p>
        ) : (
          <Button disabled={approve.isPending} onClick={() => approve.mutate({ postGroupId })}>
            Approve
          </Button>
        )}
        <Button variant="secondary" disabled={approve.isPending} onClick={() => approve.mutate({ postGroupId, publishNow: true })}>
          Approve and publish now
        </Button>
        <Button variant="secondary" onClick={() => setMode(mode === "reschedule" ? "idle" : "reschedule")} aria-expanded={mode === "reschedule"}>
          Approve for another time
        </Button>
        <Button variant="danger" onClick={() => setMode(mode === "reject" ? "idle" : "reject")} aria-expanded={mode === "reject"}>
          Request changes
        </Button>
      </div>
      {mode === "reschedule" ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const [date = "", time = ""] = String(new FormData(e.currentTarget).get("at")).split("T");
            const at = resolveWhen({ kind: "schedule", date, time }, zone);
            if (at) approve.mutate({ postGroupId, scheduledAt: at.iso, timezone: zone });
          }}
        >
          <div>
            <label htmlFor={`at-${postGroupId}`} className="block text-sm font-medium text-slate-700">
              New time ({zone})
            </label>
            <input
              id={`at-${postGroupId}`}
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
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            reject.mutate({ postGroupId, reason: String(new FormData(e.currentTarget).get("reason")) });
          }}
        >
          <label htmlFor={`reason-${postGroupId}`} className="block text-sm font-medium text-slate-700">
            What should change?
          </label>
          <textarea
            id={`reason-${postGroupId}`}
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
    </div>
  );
}
