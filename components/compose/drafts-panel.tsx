"use client";
// The workspace's drafts beside the composer: reopen one (/compose?draft=<id>) or delete it.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { formatDateTime } from "@/components/format/date-time";
import { errorMessage, useTRPC } from "@/components/trpc";
import { Button } from "@/components/ui/button";

export function DraftsPanel({ openDraftId }: { openDraftId: string | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const drafts = useQuery(trpc.drafts.list.queryOptions());
  const remove = useMutation(trpc.drafts.delete.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.drafts.list.queryKey() }) }));
  const list = drafts.data ?? [];
  return (
    <section aria-label="Drafts" className="space-y-2 rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <h2 className="text-sm font-semibold">Drafts</h2>
      {drafts.data && list.length === 0 ? <p className="text-xs text-slate-500">No drafts. “Save draft” keeps a composition to finish later.</p> : null}
      {remove.error ? <p className="text-xs text-red-700">{errorMessage(remove.error)}</p> : null}
      <ul className="space-y-2">
        {list.map((d) => {
          const text = d.composition.content.text.trim() || "(no text yet)";
          const accounts = d.composition.targets.length;
          return (
            <li key={d.draftId} className="min-w-0 rounded-md bg-slate-50 p-2 text-sm" data-testid="draft-row">
              <p className="truncate font-medium">{text}</p>
              <p className="text-xs text-slate-500">
                {accounts} {accounts === 1 ? "account" : "accounts"} · saved {formatDateTime(d.updatedAt)}
                {d.scheduledAt ? ` · for ${formatDateTime(d.scheduledAt, d.timezone ?? undefined)}` : ""}
              </p>
              <p className="mt-1 flex gap-2">
                {d.draftId === openDraftId ? (
                  <span className="text-xs font-medium text-slate-600">Open now</span>
                ) : (
                  <Link href={`/compose?draft=${d.draftId}`} className="text-xs font-medium text-brand-700 hover:underline">
                    Open<span className="sr-only"> draft “{text}”</span>
                  </Link>
                )}
                <Button
                  variant="ghost"
                  className="px-1.5 py-0 text-xs text-red-700"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate({ id: d.draftId })}
                >
                  Delete<span className="sr-only"> draft “{text}”</span>
                </Button>
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
