"use client";
// The Queue page (issue 49): pick an account, then its posting schedule and its queue, both
// through the queue tRPC router (the same domain functions as /api/v1/queue).
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { providerLabels } from "@/components/accounts/provider-badge";
import { ReadOnlyNote } from "@/components/access/read-only-note";
import { useTRPC } from "@/components/trpc";
import { EmptyState } from "@/components/ui/empty-state";
import { QueueList } from "./queue-list";
import { ScheduleEditor } from "./schedule-editor";

export function QueuePage() {
  const trpc = useTRPC();
  const accounts = useQuery(trpc.accounts.list.queryOptions());
  const [picked, setPicked] = useState<string | null>(null);
  const listed = accounts.data ?? [];
  if (accounts.isLoading) return <p className="text-sm text-slate-500">Loading accounts…</p>;
  if (listed.length === 0) {
    return (
      <EmptyState title="No account to queue for yet">
        A queue belongs to a connected account.{" "}
        <Link className="font-medium text-brand-700 underline" href="/accounts">
          Connect one
        </Link>
        .
      </EmptyState>
    );
  }
  const accountId = picked && listed.some((a) => a.accountId === picked) ? picked : listed[0]!.accountId;
  const account = listed.find((a) => a.accountId === accountId)!;
  return (
    <div className="space-y-6">
      <ReadOnlyNote permission="content.publish" />
      <label className="block max-w-md text-sm font-medium text-slate-700">
        Account
        <select
          value={accountId}
          onChange={(e) => setPicked(e.target.value)}
          className="mt-1 block w-full rounded-md border-0 py-2 text-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-500"
        >
          {listed.map((a) => (
            <option key={a.accountId} value={a.accountId}>
              {providerLabels[a.provider]} · @{a.username}
            </option>
          ))}
        </select>
      </label>
      <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
        <ScheduleEditor key={accountId} accountId={accountId} />
        <QueueList accountId={accountId} provider={account.provider} />
      </div>
    </div>
  );
}
