"use client";
// The comments on a post group or a draft (issue 50 point 5): the thread, oldest first, with
// clients' decisions marked, and a form to add a note that mentions members (each is emailed).
// The form is only shown to roles with content.draft; the server refuses the others anyway.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { formatDateTime } from "@/components/format/date-time";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage, useTRPC } from "@/components/trpc";
import { usePermission } from "@/components/access/use-permission";
import { MentionPicker } from "./mention-picker";

export type CommentTarget = { postGroupId: string } | { draftId: string };

const kindLabels: Record<string, { label: string; className: string } | undefined> = {
  changes_requested: { label: "Requested changes", className: "bg-amber-50 text-amber-800 ring-amber-200" },
  approved: { label: "Approved", className: "bg-emerald-50 text-emerald-800 ring-emerald-200" },
  rejected: { label: "Rejected", className: "bg-red-50 text-red-800 ring-red-200" },
};

/** `className` places it: a divider inside a panel (default), or a card of its own. */
export function CommentThread({ target, className = "border-t border-slate-200 pt-3" }: { target: CommentTarget; className?: string }) {
  const trpc = useTRPC();
  const headingId = useId();
  const thread = useQuery(trpc.comments.list.queryOptions(target));
  const canComment = usePermission("content.draft") ?? false;
  const comments = thread.data?.comments ?? [];
  return (
    <section aria-labelledby={headingId} className={`space-y-2 text-sm ${className}`} data-testid="comment-thread">
      <h3 id={headingId} className="font-semibold">
        Comments{comments.length ? ` (${comments.length})` : ""}
      </h3>
      {thread.error ? <Alert>{errorMessage(thread.error)}</Alert> : null}
      {thread.data && comments.length === 0 ? <p className="text-slate-600">No comments yet.</p> : null}
      <ol className="space-y-2">
        {comments.map((c) => {
          const kind = kindLabels[c.kind];
          return (
            <li key={c.commentId} className="min-w-0 rounded-md bg-slate-50 p-2" data-testid="comment">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
                <span className="font-semibold text-slate-800">{c.author.name}</span>
                {c.author.client ? <span className="rounded bg-white px-1.5 text-slate-700 ring-1 ring-slate-300">Client</span> : null}
                {kind ? <span className={`rounded px-1.5 font-medium ring-1 ${kind.className}`}>{kind.label}</span> : null}
                <time dateTime={c.createdAt}>{formatDateTime(c.createdAt)}</time>
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words text-slate-900">{c.body}</p>
              {c.mentions.length ? <p className="mt-1 break-words text-xs text-slate-600">Mentioned: {c.mentions.map((m) => m.email).join(", ")}</p> : null}
            </li>
          );
        })}
      </ol>
      {canComment ? <CommentForm target={target} /> : null}
    </section>
  );
}

function CommentForm({ target }: { target: CommentTarget }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const textId = useId();
  const [body, setBody] = useState("");
  const [mentions, setMentions] = useState<string[]>([]);
  const [picking, setPicking] = useState(false);
  // One requestId per distinct comment: sending the same again after a lost answer adds it once.
  const last = useRef<{ key: string; requestId: string } | null>(null);
  const add = useMutation(
    trpc.comments.add.mutationOptions({
      onSuccess: () => {
        setBody("");
        setMentions([]);
        setPicking(false);
        last.current = null;
        return queryClient.invalidateQueries({ queryKey: trpc.comments.list.queryKey(target) });
      },
    }),
  );
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (add.isPending || !body.trim()) return;
        const key = JSON.stringify([body.trim(), [...mentions].sort()]);
        if (last.current?.key !== key) last.current = { key, requestId: crypto.randomUUID() };
        add.mutate({ ...target, body, mentions, requestId: last.current.requestId });
      }}
    >
      <label htmlFor={textId} className="block text-slate-700">
        Add a comment
      </label>
      <textarea
        id={textId}
        value={body}
        rows={3}
        maxLength={5000}
        onChange={(e) => setBody(e.target.value)}
        onKeyDown={(e) => e.key === "@" && setPicking(true)}
        className="block w-full rounded-md border-0 py-1 text-sm ring-1 ring-inset ring-slate-300"
        data-testid="comment-body"
      />
      <MentionPicker selected={mentions} onChange={setMentions} open={picking} onOpenChange={setPicking} />
      {add.error ? <Alert>{errorMessage(add.error)}</Alert> : null}
      <Button type="submit" variant="secondary" aria-disabled={add.isPending || !body.trim() || undefined}>
        {add.isPending ? "Sending…" : "Comment"}
      </Button>
    </form>
  );
}
