"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { errorMessage, useTRPC } from "@/components/trpc";
import { KEY_SCOPES } from "@/server/domain/api-keys/key-scopes";
import { CreateKeyForm } from "./create-key-form";
import { NewKeyNotice } from "./new-key-notice";
import { formatDateTime } from "@/components/format/date-time";

const show = (iso: string | null) => (iso ? formatDateTime(iso) : "—");

export function ApiKeysPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const [created, setCreated] = useState<{ key: string; name: string } | null>(null);
  const invalidate = () => queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() });
  const revoke = useMutation(
    trpc.apiKeys.revoke.mutationOptions({
      onSuccess: async (_, { id }) => {
        toast.success(`Revoked “${keys.data?.find((k) => k.id === id)?.name ?? "the key"}”: requests with it are now refused`);
        await invalidate();
      },
    }),
  );

  return (
    <div className="space-y-6">
      <Card>
        <h2 className="text-base font-semibold">Create an API key</h2>
        <p className="mt-1 text-sm text-slate-600">
          A key acts on this workspace only. Send it as <code className="rounded bg-slate-100 px-1">Authorization: Bearer &lt;key&gt;</code>.
        </p>
        <div className="mt-4">
          {created ? (
            <NewKeyNotice name={created.name} apiKey={created.key} onDone={() => setCreated(null)} />
          ) : (
            <CreateKeyForm
              onCreated={(result) => {
                setCreated({ key: result.key, name: result.apiKey.name });
                void invalidate();
              }}
            />
          )}
        </div>
      </Card>

      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading" className="mb-3 text-base font-semibold">
          Keys
        </h2>
        {keys.error ? <Alert>{errorMessage(keys.error)}</Alert> : null}
        {revoke.error ? <Alert>{errorMessage(revoke.error)}</Alert> : null}
        {keys.data && keys.data.length === 0 ? <EmptyState title="No API keys">Keys you create will be listed here.</EmptyState> : null}
        {keys.data && keys.data.length > 0 ? (
          <div
            className="relative overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200"
            role="region"
            aria-labelledby="keys-heading"
            tabIndex={0}
          >
            <table className="min-w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Name
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Key
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Scopes
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Created
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Last used
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Expires
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {keys.data.map((k) => (
                  <tr key={k.id} data-testid="api-key-row">
                    <td className="px-4 py-2 font-medium">{k.name}</td>
                    <td className="px-4 py-2 font-mono text-xs">
                      {k.prefix}…{k.last4}
                    </td>
                    <td className="px-4 py-2 text-xs text-slate-600" data-testid="api-key-scopes">
                      {k.scopes.length === KEY_SCOPES.length ? "All" : k.scopes.join(", ")}
                    </td>
                    <td className="px-4 py-2 text-slate-600" data-testid="api-key-created">
                      {show(k.createdAt)}
                    </td>
                    <td className="px-4 py-2 text-slate-600">{k.lastUsedAt ? show(k.lastUsedAt) : "Never"}</td>
                    <td className="px-4 py-2 text-slate-600">{k.expiresAt ? show(k.expiresAt) : "Never"}</td>
                    <td className="px-4 py-2">
                      <span
                        className={`rounded-full px-2 py-0.5 text-xs ${k.status === "active" ? "bg-emerald-50 text-emerald-700" : "bg-slate-100 text-slate-500"}`}
                      >
                        {k.status}
                      </span>
                    </td>
                    <td className="px-4 py-2 text-right">
                      {k.status === "active" ? (
                        <Button
                          variant="danger"
                          className="px-2.5 py-1"
                          disabled={revoke.isPending}
                          onClick={() => {
                            if (window.confirm(`Revoke "${k.name}"? Requests with this key will be refused.`)) revoke.mutate({ id: k.id });
                          }}
                        >
                          Revoke<span className="sr-only"> {k.name}</span>
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </div>
  );
}
