"use client";
// A client's answer to one post group: their name (remembered in this browser for the page's
// other posts), then approve, or ask for changes with a comment. Each form sends one
// submissionId, so a double click or a retry records one answer; a new one after it gets a new id.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { errorMessage, useTRPC } from "@/components/trpc";

const NAME_KEY = "posteady-review-name";

// crypto.randomUUID exists in secure contexts only; a link may be opened over plain http on a LAN
function newSubmissionId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function ReviewResponseForm({ token, postGroupId }: { token: string; postGroupId: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const commentId = useId();
  const [name, setName] = useState("");
  const [comment, setComment] = useState("");
  const [submissionId, setSubmissionId] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  useEffect(() => {
    setName(localStorage.getItem(NAME_KEY) ?? "");
    setSubmissionId(newSubmissionId());
  }, []);
  const respond = useMutation(
    trpc.reviewLinks.respond.mutationOptions({
      onSuccess: (result, input) => {
        setSent(
          input.decision === "request_changes"
            ? "Thank you: your request was sent to the team."
            : result.outcome === "approved"
              ? "Thank you: the post is approved."
              : (result.note ?? "Thank you: your approval was noted."),
        );
        setComment("");
        setSubmissionId(newSubmissionId());
        router.refresh();
      },
    }),
  );
  function send(decision: "approve" | "request_changes") {
    if (!submissionId) return;
    localStorage.setItem(NAME_KEY, name.trim());
    setSent(null);
    respond.mutate({ token, postGroupId, submissionId, name, decision, comment });
  }
  return (
    <form className="mt-4 space-y-3 border-t border-slate-200 pt-4" onSubmit={(e) => e.preventDefault()} aria-label="Your answer">
      <Field label="Your name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" maxLength={80} required />
      <div>
        <label htmlFor={commentId} className="block text-sm font-medium text-slate-700">
          Comment <span className="font-normal text-slate-500">(needed to ask for changes)</span>
        </label>
        <textarea
          id={commentId}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          rows={3}
          maxLength={5000}
          className="mt-1 block w-full rounded-md border-0 px-3 py-2 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-500"
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => send("approve")} disabled={respond.isPending || !submissionId}>
          Approve
        </Button>
        <Button variant="secondary" onClick={() => send("request_changes")} disabled={respond.isPending || !submissionId}>
          Request changes
        </Button>
      </div>
      <div role="status" aria-live="polite">
        {sent ? <p className="text-sm font-medium text-emerald-800">{sent}</p> : null}
      </div>
      {respond.error ? <Alert>{errorMessage(respond.error)}</Alert> : null}
    </form>
  );
}
