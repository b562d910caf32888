"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ReadOnlyNote } from "@/components/access/read-only-note";
import { usePermission } from "@/components/access/use-permission";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { errorMessage, useTRPC } from "@/components/trpc";
import { CreateWebhookForm } from "./create-webhook-form";
import { DeliveriesList } from "./deliveries-list";
import { SecretNotice } from "./secret-notice";

export function WebhooksPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const hooks = useQuery(trpc.webhooks.list.queryOptions());
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const invalidate = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() });
  const update = useMutation(
    trpc.webhooks.update.mutationOptions({
      onSuccess: (w) => {
        if (w.secret) setSecret({ url: w.url, secret: w.secret });
        void invalidate();
      },
    }),
  );
  // adding, testing, pausing and deleting are webhooks.manage: others see the endpoints and their deliveries
  const canManage = usePermission("webhooks.manage") === true;
  const remove = useMutation(trpc.webhooks.remove.mutationOptions({ onSuccess: invalidate }));
  const test = useMutation(
    trpc.webhooks.test.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.pathKey() }) }),
  );

  return (
    <div className="space-y-6">
      <ReadOnlyNote permission="webhooks.manage" />
      {canManage ? (
        <Card>
          <h2 className="text-base font-semibold">Add a webhook</h2>
          <p className="mt-1 text-sm text-slate-600">
            Posteady POSTs each event you choose to your URL, signed as the Standard Webhooks specification says, and retries for about a day until your
            endpoint answers 2xx.
          </p>
          <div className="mt-4">
            {secret ? (
              <SecretNotice url={secret.url} secret={secret.secret} onDone={() => setSecret(null)} />
            ) : (
              <CreateWebhookForm
                onCreated={(w) => {
                  setSecret({ url: w.url, secret: w.secret });
                  void invalidate();
                }}
              />
            )}
          </div>
        </Card>
      ) : null}

      <section aria-labelledby="webhooks-heading" className="space-y-3">
        <h2 id="webhooks-heading" className="text-base font-semibold">
          Webhooks
        </h2>
        {hooks.error ? <Alert>{errorMessage(hooks.error)}</Alert> : null}
        {update.error ? <Alert>{errorMessage(update.error)}</Alert> : null}
        {test.error ? <Alert>{errorMessage(test.error)}</Alert> : null}
        {hooks.data && hooks.data.webhooks.length === 0 ? <EmptyState title="No webhooks">Endpoints you add will be listed here.</EmptyState> : null}
        {hooks.data?.webhooks.map((w) => (
          <Card key={w.webhookId}>
            <div data-testid="webhook-row" className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="break-all font-mono text-sm">{w.url}</p>
                {w.description ? <p className="text-sm text-slate-600">{w.description}</p> : null}
                <p className="mt-1 text-xs text-slate-500">{w.events.includes("*") ? "All events" : w.events.join(", ")}</p>
                <p className="mt-1 text-xs">
                  {w.enabled ? (
                    <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-emerald-700">Enabled</span>
                  ) : (
                    <span className="rounded-full bg-amber-50 px-2 py-0.5 text-amber-800">{w.disabledReason ? "Disabled by Posteady" : "Paused"}</span>
                  )}
                </p>
                {w.disabledReason ? <p className="mt-1 text-sm text-amber-800">{w.disabledReason}</p> : null}
              </div>
              {canManage ? (
                <div className="flex flex-wrap gap-2">
                  <Button variant="secondary" className="px-2.5 py-1" disabled={test.isPending} onClick={() => test.mutate({ id: w.webhookId })}>
                    Send test<span className="sr-only"> to {w.url}</span>
                  </Button>
                  <Button variant="secondary" className="px-2.5 py-1" onClick={() => update.mutate({ id: w.webhookId, patch: { enabled: !w.enabled } })}>
                    {w.enabled ? "Pause" : "Enable"}
                    <span className="sr-only"> {w.url}</span>
                  </Button>
                  <Button
                    variant="secondary"
                    className="px-2.5 py-1"
                    onClick={() => {
                      if (window.confirm("Replace the signing secret? Deliveries are signed with the new one at once."))
                        update.mutate({ id: w.webhookId, patch: { rotateSecret: true } });
                    }}
                  >
                    New secret<span className="sr-only"> for {w.url}</span>
                  </Button>
                  <Button
                    variant="danger"
                    className="px-2.5 py-1"
                    disabled={remove.isPending}
                    onClick={() => {
                      if (window.confirm(`Delete the webhook to ${w.url}? Its waiting deliveries are dropped.`)) remove.mutate({ id: w.webhookId });
                    }}
                  >
                    Delete<span className="sr-only"> {w.url}</span>
                  </Button>
                </div>
              ) : null}
            </div>
            <div className="mt-3">
              <Button
                variant="secondary"
                className="px-2.5 py-1"
                aria-expanded={open === w.webhookId}
                onClick={() => setOpen(open === w.webhookId ? null : w.webhookId)}
              >
                {open === w.webhookId ? "Hide deliveries" : "Deliveries"}
              </Button>
              {open === w.webhookId ? <DeliveriesList webhookId={w.webhookId} /> : null}
            </div>
          </Card>
        ))}
      </section>
    </div>
  );
}
