"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert } from "@/components/ui/alert";
import { usePermission } from "@/components/access/use-permission";
import { Button } from "@/components/ui/button";
import { errorMessage, useTRPC } from "@/components/trpc";

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });
const show = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : "—");

const statusStyle = { delivered: "bg-emerald-50 text-emerald-700", pending: "bg-sky-50 text-sky-800", failed: "bg-red-50 text-red-700" } as const;

/** An endpoint's latest deliveries, each with its attempts; refreshed while any is pending. */
export function DeliveriesList({ webhookId }: { webhookId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const deliveries = useQuery({
    ...trpc.webhooks.deliveries.queryOptions({ id: webhookId, query: { limit: 20, offset: 0 } }),
    refetchInterval: (q) => (q.state.data?.deliveries.some((d) => d.status === "pending") ? 3000 : false),
  });
  const canManage = usePermission("webhooks.manage") === true;
  const redeliver = useMutation(
    trpc.webhooks.redeliver.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.pathKey() }) }),
  );
  if (deliveries.error) return <Alert>{errorMessage(deliveries.error)}</Alert>;
  if (!deliveries.data) return <p className="mt-2 text-sm text-slate-500">Loading deliveries…</p>;
  if (deliveries.data.deliveries.length === 0) return <p className="mt-2 text-sm text-slate-500">No deliveries yet. Send a test to see one.</p>;
  return (
    <>
      {redeliver.error ? <Alert>{errorMessage(redeliver.error)}</Alert> : null}
      <ul className="mt-3 divide-y divide-slate-100 rounded-md ring-1 ring-slate-200" aria-label="Deliveries">
        {deliveries.data.deliveries.map((d) => (
          <li key={d.deliveryId} data-testid="webhook-delivery" className="p-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="flex flex-wrap items-center gap-2">
                <span className={`rounded-full px-2 py-0.5 text-xs ${statusStyle[d.status]}`}>{d.status}</span>
                <span className="font-mono text-xs">{d.eventType}</span>
                <span className="text-xs text-slate-500">{show(d.createdAt)}</span>
              </div>
              {canManage ? (
                <Button
                  variant="secondary"
                  className="px-2 py-0.5 text-xs"
                  disabled={redeliver.isPending}
                  onClick={() => redeliver.mutate({ id: webhookId, deliveryId: d.deliveryId })}
                >
                  Redeliver<span className="sr-only"> {d.eventType}</span>
                </Button>
              ) : null}
            </div>
            <p className="mt-1 text-xs text-slate-600">
              {d.attempts} attempt{d.attempts === 1 ? "" : "s"}
              {d.status === "pending" && d.nextAttemptAt ? ` · next ${show(d.nextAttemptAt)}` : ""}
              {d.lastError ? ` · ${d.lastError}` : ""}
            </p>
            {d.attemptLog.length > 0 ? (
              <details className="mt-1">
                <summary className="cursor-pointer text-xs text-slate-500">Attempts</summary>
                <ol className="mt-1 space-y-1">
                  {d.attemptLog.map((a) => (
                    <li key={a.attemptedAt} className="text-xs text-slate-600">
                      {show(a.attemptedAt)}: {a.statusCode ? `HTTP ${a.statusCode}` : "no answer"} in {a.durationMs} ms{a.error ? ` · ${a.error}` : ""}
                      {a.responseBody ? <pre className="mt-0.5 whitespace-pre-wrap break-all rounded bg-slate-50 p-1 font-mono">{a.responseBody}</pre> : null}
                    </li>
                  ))}
                </ol>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
