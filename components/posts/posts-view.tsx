"use client";
// Synced posts with their metrics: filters, sort and range, and a chart of a post's metrics
// over time. Everything here is stored data; only "Sync now" asks the platforms.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { providerLabels } from "@/components/accounts/provider-badge";
import { ProviderFilter } from "@/components/accounts/provider-filter";
import { Alert } from "@/components/ui/alert";
import { EmptyState } from "@/components/ui/empty-state";
import { errorMessage, useTRPC } from "@/components/trpc";
import type { ProviderName } from "@/server/domain/accounts/providers";
import { MetricsChart } from "./metrics-chart";
import { SyncPanel } from "./sync-panel";
import { formatDateTime } from "@/components/format/date-time";
import { PostLink } from "@/components/ui/post-link";
import { deletableProviders } from "@/server/domain/posts/deletable";
import { usePermission } from "@/components/access/use-permission";
import { DeletePostButton } from "./delete-post-button";

const shown = ["views", "likes", "replies", "reposts", "shares"] as const;
const fmt = (v: number | null) => (v === null ? "–" : v.toLocaleString());

export function PostsView() {
  const trpc = useTRPC();
  const [provider, setProvider] = useState<ProviderName | undefined>();
  const [sort, setSort] = useState<"recent" | "top">("recent");
  const [rangeDays, setRangeDays] = useState(30);
  const [open, setOpen] = useState<{ accountId: string; postId: string } | null>(null);
  const posts = useQuery(trpc.analytics.list.queryOptions({ provider, sort, rangeDays, limit: 100 }));
  const history = useQuery({
    ...trpc.analytics.history.queryOptions(open ?? { accountId: "00000000-0000-4000-8000-000000000000", postId: "-" }),
    enabled: open !== null,
  });
  // deleting on the platform is content.publish; "Sync now" only reads, and stays for everyone
  const canDelete = usePermission("content.publish");
  const selected = posts.data?.posts.find((p) => open && p.accountId === open.accountId && p.postId === open.postId);

  return (
    <div className="grid min-w-0 gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0 space-y-4">
        <div className="flex flex-wrap gap-3 text-sm">
          <ProviderFilter value={provider} onChange={setProvider} />
          <label>
            <span className="mr-2 text-slate-600">Sort</span>
            <select
              value={sort}
              onChange={(e) => setSort(e.target.value as "recent" | "top")}
              className="rounded-md border-0 py-1.5 text-sm ring-1 ring-inset ring-slate-300"
            >
              <option value="recent">Most recent</option>
              <option value="top">Top (views, then likes)</option>
            </select>
          </label>
          <label>
            <span className="mr-2 text-slate-600">Published in the last</span>
            <select
              value={rangeDays}
              onChange={(e) => setRangeDays(Number(e.target.value))}
              className="rounded-md border-0 py-1.5 text-sm ring-1 ring-inset ring-slate-300"
            >
              {[7, 30, 90, 365].map((d) => (
                <option key={d} value={d}>
                  {d} days
                </option>
              ))}
            </select>
          </label>
          {posts.data ? <span className="self-center text-slate-500">{posts.data.totalMatched.toLocaleString()} posts</span> : null}
        </div>
        {posts.error ? <Alert>{errorMessage(posts.error)}</Alert> : null}
        {posts.data && posts.data.posts.length === 0 ? (
          <EmptyState title="No posts in this range">
            Posts appear here once their account has synced (hourly, shortly after you publish, or with “Sync now”).
          </EmptyState>
        ) : (
          // On a phone each row reflows into a card: the post, then its metrics named one by one
          // (the column headings are hidden there), so no metric hides behind a sideways scroll.
          <div className="rounded-lg bg-white ring-1 ring-slate-200">
            <table className="w-full text-sm max-sm:block" aria-label="Posts and metrics">
              <thead className="bg-slate-50 text-left text-xs text-slate-600 max-sm:hidden">
                <tr>
                  <th className="px-3 py-2">Post</th>
                  {shown.map((m) => (
                    <th key={m} className="px-2 py-2 text-right capitalize">
                      {m}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="max-sm:block">
                {(posts.data?.posts ?? []).map((p) => (
                  <tr
                    key={`${p.accountId}:${p.postId}`}
                    data-testid="post-row"
                    className="border-t border-slate-100 max-sm:flex max-sm:flex-wrap max-sm:gap-x-3 max-sm:px-3 max-sm:py-2"
                  >
                    <td className="px-3 py-2 max-sm:w-full max-sm:p-0">
                      <button type="button" className="text-left hover:underline" onClick={() => setOpen({ accountId: p.accountId, postId: p.postId })}>
                        <span className="block text-xs text-slate-500">
                          {providerLabels[p.platform]} · @{p.username} · {formatDateTime(p.postedAt)}
                        </span>
                        {p.title ? <span className="font-medium">{p.title} </span> : null}
                        <span className="line-clamp-1">{p.content || "(no text)"}</span>
                      </button>
                    </td>
                    {shown.map((m) => (
                      <td
                        key={m}
                        className="px-2 py-2 text-right tabular-nums max-sm:p-0 max-sm:pt-1 max-sm:text-left max-sm:text-xs max-sm:after:ml-1 max-sm:after:text-slate-500 max-sm:after:content-[attr(data-metric)]"
                        data-metric={m}
                      >
                        {fmt(p.metrics[m])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <aside className="space-y-4">
        {selected ? (
          <section aria-label="Post metrics" className="space-y-2 rounded-lg bg-white p-4 text-sm ring-1 ring-slate-200">
            <h2 className="font-semibold">
              {providerLabels[selected.platform]} · @{selected.username}
            </h2>
            <p className="line-clamp-3">{selected.title ?? selected.content}</p>
            <PostLink permalink={selected.permalink} sandboxUrl={selected.sandboxUrl} provider={selected.platform} />
            {history.data ? <MetricsChart points={history.data} /> : null}
            {canDelete && deletableProviders.includes(selected.platform) ? (
              <DeletePostButton accountId={selected.accountId} postId={selected.postId} onDeleted={() => setOpen(null)} />
            ) : null}
          </section>
        ) : null}
        <SyncPanel />
      </aside>
    </div>
  );
}
