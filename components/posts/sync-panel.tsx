"use client";
// When each account last synced, and "Sync now": the only live refresh from the platforms. After
// asking, the panel polls until that account's sync time moves, then reloads the posts.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { providerLabels } from "@/components/accounts/provider-badge";
import { Button } from "@/components/ui/button";
import { errorMessage, useTRPC } from "@/components/trpc";
import { toast } from "sonner";
import { formatDateTime } from "@/components/format/date-time";

export function SyncPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // accountId → its lastSyncedAt when "Sync now" was pressed
  const [pending, setPending] = useState<Record<string, string | null>>({});
  const waiting = useRef(false);
  waiting.current = Object.keys(pending).length > 0;
  const status = useQuery({
    ...trpc.analytics.syncStatus.queryOptions(),
    refetchInterval: (q) => (waiting.current || q.state.data?.some((a) => a.syncing) ? 1000 : false),
  });
  const syncNow = useMutation(
    trpc.analytics.syncNow.mutationOptions({
      onError: (err, { accountId }) => {
        setPending((p) => Object.fromEntries(Object.entries(p).filter(([id]) => id !== accountId)));
        toast.error(errorMessage(err));
      },
    }),
  );

  useEffect(() => {
    if (!status.data || !waiting.current) return;
    const done = status.data.filter((a) => a.accountId in pending && !a.syncing && (a.lastSyncedAt?.toString() ?? null) !== pending[a.accountId]);
    if (done.length === 0) return;
    setPending((p) => Object.fromEntries(Object.entries(p).filter(([id]) => !done.some((a) => a.accountId === id))));
    for (const a of done) toast.success(`Synced @${a.username}: posts and metrics are up to date`);
    void queryClient.invalidateQueries({ queryKey: trpc.analytics.list.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.analytics.history.pathKey() });
  }, [status.data, pending, queryClient, trpc]);

  return (
    <section aria-label="Sync" className="space-y-2 rounded-lg bg-white p-4 text-sm ring-1 ring-slate-200">
      <h2 className="font-semibold">Sync</h2>
      <ul className="space-y-1">
        {(status.data ?? []).map((a) => {
          const busy = a.syncing || a.accountId in pending;
          return (
            <li key={a.accountId} className="flex items-center justify-between gap-2" data-testid="sync-row">
              <span>
                {providerLabels[a.provider as keyof typeof providerLabels]} · @{a.username}
                <span className="block text-xs text-slate-500">
                  {busy ? "Syncing…" : a.lastSyncedAt ? `Synced ${formatDateTime(a.lastSyncedAt)}` : "Never synced"}
                </span>
                {a.notSynced ? (
                  <span className="block text-xs text-amber-700" data-testid="sync-blocked">
                    Posts are not synced: {a.notSynced}.{" "}
                    <Link href="/accounts" className="underline">
                      Accounts
                    </Link>
                  </span>
                ) : null}
              </span>
              <Button
                variant="secondary"
                className="px-2 py-1 text-xs"
                disabled={busy || Boolean(a.notSynced)}
                onClick={() => {
                  setPending((p) => ({ ...p, [a.accountId]: a.lastSyncedAt?.toString() ?? null }));
                  syncNow.mutate({ accountId: a.accountId });
                }}
              >
                Sync now<span className="sr-only"> @{a.username}</span>
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
