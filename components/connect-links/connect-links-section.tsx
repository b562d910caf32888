"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { formatDateTime } from "@/components/format/date-time";
import { ProviderBadge, providerLabels } from "@/components/accounts/provider-badge";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { ShownOnce } from "@/components/ui/shown-once";
import { usePermission } from "@/components/access/use-permission";
import { errorMessage, useTRPC } from "@/components/trpc";
import type { ProviderName } from "@/server/domain/accounts/providers";

const DAY_MS = 86_400_000;
const statusLabels = { active: "Active", used: "Used", expired: "Expired", revoked: "Revoked" } as const;

/**
 * Client connect links on the Accounts page, for those who may manage accounts: a link someone
 * without a login opens to connect an account here. The link is shown once, after creation.
 */
export function ConnectLinksSection() {
  if (!usePermission("accounts.manage")) return null;
  return <ConnectLinks />;
}

function ConnectLinks() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const connectable = useQuery(trpc.connectLinks.connectable.queryOptions());
  const links = useQuery(trpc.connectLinks.list.queryOptions());
  const [unchecked, setUnchecked] = useState<ProviderName[]>([]);
  const [days, setDays] = useState("7");
  const [uses, setUses] = useState("1");
  const [created, setCreated] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.connectLinks.list.queryKey() });
  const create = useMutation(
    trpc.connectLinks.create.mutationOptions({
      onSuccess: async ({ url }) => {
        setCreated(url);
        await refresh();
      },
    }),
  );
  const revoke = useMutation(
    trpc.connectLinks.revoke.mutationOptions({
      onSuccess: async () => {
        toast.success("Connect link revoked");
        await refresh();
      },
    }),
  );
  const chosen = (connectable.data ?? []).filter((p) => !unchecked.includes(p));

  return (
    <section aria-labelledby="connect-links-heading" className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="connect-links-heading" className="text-base font-semibold">
        Client connect link
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        A link for someone without a Posteady login (a client) to connect their own account to this workspace: they open it, pick a platform and sign in there.
        The link is shown once; anyone who has it can use it until it expires, is used up or is revoked.
      </p>
      {created ? (
        <div className="mt-4">
          <ShownOnce
            message="Copy the link now and send it to your client. It will not be shown again."
            label="New connect link"
            value={created}
            testId="new-connect-link"
            onDone={() => setCreated(null)}
          />
        </div>
      ) : (
        <form
          className="mt-4 space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate({
              providers: chosen,
              expiresAt: new Date(Date.now() + Number(days) * DAY_MS).toISOString(),
              maxUses: Number(uses),
            });
          }}
        >
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">Platforms offered</legend>
            <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
              {(connectable.data ?? []).map((p) => (
                <label key={p} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={!unchecked.includes(p)}
                    onChange={(e) => setUnchecked((u) => (e.target.checked ? u.filter((x) => x !== p) : [...u, p]))}
                  />
                  {providerLabels[p]}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Expires after (days)" type="number" min={1} max={90} required value={days} onChange={(e) => setDays(e.target.value)} hint="1 to 90" />
            <Field
              label="Uses"
              type="number"
              min={1}
              max={100}
              required
              value={uses}
              onChange={(e) => setUses(e.target.value)}
              hint="Accounts it may connect, 1 to 100"
            />
          </div>
          <Button type="submit" disabled={create.isPending || chosen.length === 0}>
            Create link
          </Button>
          {create.error ? <Alert>{errorMessage(create.error)}</Alert> : null}
        </form>
      )}
      {links.error ? (
        <div className="mt-3">
          <Alert>{errorMessage(links.error)}</Alert>
        </div>
      ) : null}
      {revoke.error ? (
        <div className="mt-3">
          <Alert>{errorMessage(revoke.error)}</Alert>
        </div>
      ) : null}
      {links.data && links.data.connectLinks.length > 0 ? (
        <ul className="mt-5 divide-y divide-slate-200 rounded-md ring-1 ring-slate-200" aria-label="Connect links">
          {links.data.connectLinks.map((l) => (
            <li key={l.connectLinkId} className="flex flex-wrap items-center gap-3 px-3 py-3 text-sm" data-testid="connect-link-row" data-status={l.status}>
              <span className="flex gap-1">
                {l.providers.map((p) => (
                  <ProviderBadge key={p} provider={p} size="sm" />
                ))}
              </span>
              <span className="min-w-48 flex-1">
                <span className="font-medium">{statusLabels[l.status]}</span>
                <span className="text-slate-600">
                  {" "}
                  · {l.uses} of {l.maxUses} used · {l.status === "expired" ? "expired" : "expires"} {formatDateTime(l.expiresAt)} · by {l.createdBy}
                </span>
                <span className="sr-only"> · platforms: {l.providers.map((p) => providerLabels[p]).join(", ")}</span>
              </span>
              {l.status === "active" ? (
                <Button variant="danger" disabled={revoke.isPending} onClick={() => revoke.mutate({ connectLinkId: l.connectLinkId })}>
                  Revoke
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
