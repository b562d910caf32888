"use client";
import { useQuery } from "@tanstack/react-query";
import { Alert } from "@/components/ui/alert";
import { EmptyState } from "@/components/ui/empty-state";
import { errorMessage, useTRPC } from "@/components/trpc";
import { providerLabels } from "@/server/domain/accounts/providers";

const capabilityLabels = { readPosts: "Read", publishPosts: "Publish", schedulePosts: "Schedule", repostPosts: "Repost" } as const;

export function AccountList() {
  const trpc = useTRPC();
  const accounts = useQuery(trpc.accounts.list.queryOptions());
  if (accounts.error) return <Alert>{errorMessage(accounts.error)}</Alert>;
  if (!accounts.data) return <p className="text-sm text-slate-500">Loading…</p>;
  if (accounts.data.accounts.length === 0) {
    return <EmptyState title="No connected accounts">This workspace has no connected social accounts.</EmptyState>;
  }
  return (
    <ul className="divide-y divide-slate-200 rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      {accounts.data.accounts.map((a) => (
        <li key={a.accountId} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div>
            <p className="text-sm font-medium">
              {a.displayName} <span className="text-slate-500">@{a.username}</span>
            </p>
            <p className="text-xs text-slate-500">
              {providerLabels[a.provider]}
              {a.accountType ? ` · ${a.accountType}` : ""}
            </p>
          </div>
          <ul className="flex flex-wrap gap-1.5" aria-label="Capabilities">
            {(Object.keys(capabilityLabels) as (keyof typeof capabilityLabels)[]).map((c) => (
              <li
                key={c}
                className={`rounded-full px-2 py-0.5 text-xs ${a.capabilities[c] ? "bg-emerald-50 text-emerald-700" : "bg-slate-100 text-slate-400 line-through"}`}
              >
                {capabilityLabels[c]}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
