"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ReadOnlyNote } from "@/components/access/read-only-note";
import { usePermission } from "@/components/access/use-permission";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime } from "@/components/format/date-time";
import { errorMessage, useTRPC } from "@/components/trpc";
import { AddFeedForm } from "./add-feed-form";

const statusWords = { ok: "Read", not_modified: "Nothing new (not modified)", error: "Failed" } as const;

export function FeedsPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const feeds = useQuery(trpc.feeds.list.queryOptions());
  const accounts = useQuery(trpc.accounts.list.queryOptions());
  const invalidate = () => queryClient.invalidateQueries({ queryKey: trpc.feeds.list.queryKey() });
  const fetchNow = useMutation(trpc.feeds.fetchNow.mutationOptions({ onSuccess: invalidate }));
  const remove = useMutation(trpc.feeds.delete.mutationOptions({ onSuccess: invalidate }));
  // feeds are content.publish: others see them and their last fetch
  const canChange = usePermission("content.publish") === true;
  const accountName = (id: string) => {
    const a = accounts.data?.find((x) => x.accountId === id);
    return a ? `@${a.username}` : "a disconnected account";
  };

  return (
    <div className="space-y-6">
      <ReadOnlyNote permission="content.publish" />
      {canChange ? (
        <Card>
          <h2 className="text-base font-semibold">Add a feed</h2>
          <p className="mt-1 text-sm text-slate-600">
            Items already in the feed are only recorded; each one it publishes from now on is posted once. Feeds are checked every few minutes.
          </p>
          <div className="mt-4">
            <AddFeedForm onAdded={() => void invalidate()} />
          </div>
        </Card>
      ) : null}

      <section aria-labelledby="feeds-heading" className="space-y-3">
        <h2 id="feeds-heading" className="text-base font-semibold">
          Your feeds
        </h2>
        {feeds.error ? <Alert>{errorMessage(feeds.error)}</Alert> : null}
        {fetchNow.error ? <Alert>{errorMessage(fetchNow.error)}</Alert> : null}
        {remove.error ? <Alert>{errorMessage(remove.error)}</Alert> : null}
        {feeds.data && feeds.data.feeds.length === 0 ? <EmptyState title="No feeds">Feeds you add will be listed here.</EmptyState> : null}
        {feeds.data?.feeds.map((f) => (
          <Card key={f.feedId}>
            <div data-testid="feed-row" className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0 space-y-1">
                <p className="break-all font-mono text-sm">{f.url}</p>
                <p className="text-sm text-slate-600">
                  {f.mode === "draft" ? "New items become drafts" : "New items join the queue"} for {f.accountIds.map(accountName).join(", ")}
                </p>
                <p className="break-all text-xs text-slate-600">
                  Template: <code className="font-mono">{f.template}</code>
                </p>
                <p className="text-sm" data-testid="feed-last-fetch">
                  {f.lastFetch ? (
                    <>
                      <span className={f.lastFetch.status === "error" ? "font-medium text-red-700" : "text-slate-700"}>{statusWords[f.lastFetch.status]}</span>{" "}
                      {formatDateTime(f.lastFetch.at)}
                      {f.lastFetch.status === "ok" ? `, ${f.lastFetch.newItems} new item${f.lastFetch.newItems === 1 ? "" : "s"}` : ""}
                      {f.lastFetch.error ? `: ${f.lastFetch.error}` : ""}
                    </>
                  ) : (
                    <span className="text-slate-700">Not fetched yet</span>
                  )}
                </p>
                <p className="text-xs text-slate-600">Next fetch: {formatDateTime(f.nextFetchAt)}</p>
              </div>
              {canChange ? (
                <div className="flex flex-wrap gap-2">
                  <Button variant="secondary" className="px-2.5 py-1" disabled={fetchNow.isPending} onClick={() => fetchNow.mutate({ id: f.feedId })}>
                    Fetch now<span className="sr-only"> {f.url}</span>
                  </Button>
                  <Button
                    variant="danger"
                    className="px-2.5 py-1"
                    disabled={remove.isPending}
                    onClick={() => {
                      if (window.confirm(`Stop following ${f.url}? What it already created stays.`)) remove.mutate({ id: f.feedId });
                    }}
                  >
                    Delete<span className="sr-only"> {f.url}</span>
                  </Button>
                </div>
              ) : null}
            </div>
          </Card>
        ))}
      </section>
    </div>
  );
}
