"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { Suspense, useState } from "react";
import { toast } from "sonner";
import { formatDate } from "@/components/format/date-time";
import {
  capabilityLabels,
  facebookPageTaskLabels,
  instagramAccountTypeLabels,
  label,
  tiktokConnectionLabels,
  withCodeLabels,
} from "@/components/labels/platform-labels";
import { ReadOnlyNote } from "@/components/access/read-only-note";
import { usePermission } from "@/components/access/use-permission";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { errorMessage, useTRPC } from "@/components/trpc";
import { providerTable } from "@/server/domain/accounts/providers";
import { ConnectLinksSection } from "@/components/connect-links/connect-links-section";
import { ConnectPanel, type ConnectSettings } from "./connect-panel";
import { PasswordConnectForm } from "./password-connect-form";
import { ProviderBadge, providerLabels } from "./provider-badge";

function Outcome() {
  const params = useSearchParams();
  const connected = params.get("connected");
  const error = params.get("error");
  if (connected) return <Alert tone="success">Connected {connected}.</Alert>;
  if (error) return <Alert>{params.get("message") ?? "The account could not be connected."}</Alert>;
  return null;
}

export function AccountList(settings: ConnectSettings) {
  const { passwordDefaults } = settings;
  // the account whose app-password form is open (reconnecting Bluesky)
  const [reconnecting, setReconnecting] = useState<string | null>(null);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const accounts = useQuery(trpc.accounts.list.queryOptions());
  // connecting, reconnecting and disconnecting are accounts.manage (admins and owners)
  const canManage = usePermission("accounts.manage") === true;
  const reconnect = useMutation(trpc.accounts.connect.mutationOptions({ onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl) }));
  const disconnect = useMutation(
    trpc.accounts.disconnect.mutationOptions({
      onSuccess: async (_, { accountId }) => {
        const a = accounts.data?.find((x) => x.accountId === accountId);
        toast.success(a ? `Disconnected @${a.username} from ${providerLabels[a.provider]}` : "Account disconnected");
        await queryClient.invalidateQueries({ queryKey: trpc.accounts.list.queryKey() });
      },
    }),
  );

  return (
    <div className="space-y-6">
      <Suspense>
        <Outcome />
      </Suspense>
      <ReadOnlyNote permission="accounts.manage" />
      {canManage ? <ConnectPanel {...settings} /> : null}
      <ConnectLinksSection />
      <section aria-labelledby="connected-heading">
        <h2 id="connected-heading" className="mb-3 text-base font-semibold">
          Connected accounts
        </h2>
        {accounts.error ? <Alert>{errorMessage(accounts.error)}</Alert> : null}
        {reconnect.error ? <Alert>{errorMessage(reconnect.error)}</Alert> : null}
        {disconnect.error ? <Alert>{errorMessage(disconnect.error)}</Alert> : null}
        {!accounts.data && !accounts.error ? <p className="text-sm text-slate-500">Loading…</p> : null}
        {accounts.data?.length === 0 ? (
          <EmptyState title="No connected accounts">
            {canManage ? "Connect an account above to publish to it." : "An admin or owner connects accounts."}
          </EmptyState>
        ) : null}
        {accounts.data && accounts.data.length > 0 ? (
          <ul className="divide-y divide-slate-200 rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
            {accounts.data.map((a) => (
              <li key={a.accountId} className="flex flex-wrap items-start gap-3 px-4 py-4" data-testid="account-row" data-provider={a.provider}>
                <ProviderBadge provider={a.provider} />
                <div className="min-w-48 flex-1">
                  <p className="text-sm font-medium">
                    {a.displayName} <span className="font-normal text-slate-500">@{a.username}</span>
                  </p>
                  <p className="text-xs text-slate-500">
                    {providerLabels[a.provider]}
                    {a.accountType ? ` · ${label(instagramAccountTypeLabels, a.accountType)}` : ""}
                    {a.provider === "tiktok" ? ` · ${label(tiktokConnectionLabels, a.connectionMethod === "login-kit" ? "login-kit" : "business")}` : ""}
                    {a.provider === "facebook" && a.pageTasks.length
                      ? ` · you can: ${a.pageTasks.map((t) => label(facebookPageTaskLabels, t)).join(", ")}`
                      : ""}
                    {` · connected ${formatDate(a.connectedAt)}`}
                  </p>
                  {a.health === "ok" ? (
                    <p className="mt-1 text-xs text-emerald-700">Connection healthy</p>
                  ) : (
                    <p className="mt-1 text-xs text-red-700" role="status">
                      Needs reconnecting{a.reconnectReason ? `: ${a.reconnectReason}` : ""}
                    </p>
                  )}
                  {!a.listedInApi ? <p className="mt-1 text-xs text-amber-700">Not listed in the API (Login Kit connection).</p> : null}
                  {a.health === "ok" && a.publishBlockers.length > 0 ? (
                    <p className="mt-1 text-xs text-amber-700">
                      Publishing is off: {a.publishBlockers.map((b) => withCodeLabels(b, facebookPageTaskLabels)).join("; ")}.
                    </p>
                  ) : null}
                  {a.readBlockers.length > 0 ? (
                    <p className="mt-1 text-xs text-amber-700" data-testid="read-blocked">
                      Posts are not synced: {a.readBlockers.join("; ")}.
                    </p>
                  ) : null}
                  <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Capabilities">
                    {(Object.keys(capabilityLabels) as (keyof typeof capabilityLabels)[]).map((c) => (
                      <li
                        key={c}
                        className={`rounded-full px-2 py-0.5 text-xs ${a.capabilities[c] ? "bg-emerald-50 text-emerald-700" : "bg-slate-100 text-slate-600 line-through"}`}
                        aria-label={`${capabilityLabels[c]}: ${a.capabilities[c] ? "yes" : "no"}`}
                      >
                        {capabilityLabels[c]}
                      </li>
                    ))}
                  </ul>
                </div>
                {canManage ? (
                  <div className="flex gap-2">
                    <Button
                      variant="secondary"
                      disabled={reconnect.isPending}
                      onClick={() =>
                        providerTable[a.provider].connect.method === "password"
                          ? setReconnecting((open) => (open === a.accountId ? null : a.accountId))
                          : reconnect.mutate({
                              provider: a.provider,
                              accountId: a.accountId,
                              ...(a.connectionMethod === "login-kit" ? { app: "login-kit" as const } : {}),
                            })
                      }
                    >
                      Reconnect<span className="sr-only"> @{a.username}</span>
                    </Button>
                    <Button
                      variant="danger"
                      disabled={disconnect.isPending}
                      onClick={() => {
                        if (window.confirm(`Disconnect @${a.username}? Published posts stay on ${providerLabels[a.provider]}.`))
                          disconnect.mutate({ accountId: a.accountId });
                      }}
                    >
                      Disconnect<span className="sr-only"> @{a.username}</span>
                    </Button>
                  </div>
                ) : null}
                {reconnecting === a.accountId ? (
                  <div className="basis-full">
                    <PasswordConnectForm provider={a.provider} defaults={passwordDefaults} identifier={a.username} onDone={() => setReconnecting(null)} />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
