"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { errorMessage, useTRPC } from "@/components/trpc";
import { formatDateTime } from "@/components/format/date-time";
import { ROLE_NAMES, type RoleName } from "@/server/domain/members/members.schema";
import { InvitationLink, InviteForm } from "./invite-form";
import { OutgoingEmails } from "./outgoing-emails";

const title = (r: string) => r[0]!.toUpperCase() + r.slice(1);

export function MembersPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const workspaces = useQuery(trpc.workspaces.list.queryOptions());
  const members = useQuery(trpc.members.list.queryOptions());
  const [resent, setResent] = useState<{ email: string; url: string; emailStatus: "pending" | "unsent" } | null>(null);
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: trpc.members.pathKey() })]);
  const changeRole = useMutation(trpc.members.changeRole.mutationOptions({ onSuccess: () => (toast.success("Role changed"), refresh()) }));
  const remove = useMutation(trpc.members.remove.mutationOptions({ onSuccess: () => (toast.success("Member removed"), refresh()) }));
  const resend = useMutation(
    trpc.members.resendInvitation.mutationOptions({
      onSuccess: (r) => (setResent({ email: r.invitation.email, url: r.url, emailStatus: r.emailStatus }), refresh()),
    }),
  );
  const revoke = useMutation(trpc.members.revokeInvitation.mutationOptions({ onSuccess: () => (toast.success("Invitation withdrawn"), refresh()) }));

  if (members.error) return <Alert>{errorMessage(members.error)}</Alert>;
  if (!members.data || !workspaces.data) return <p className="text-sm text-slate-500">Loading…</p>;
  const permissions = workspaces.data.permissions;
  const canManage = permissions.includes("members.manage");
  const isOwner = permissions.includes("workspace.own");
  const failure = changeRole.error ?? remove.error ?? resend.error ?? revoke.error;

  return (
    <div className="space-y-6">
      {canManage ? (
        <Card>
          <h2 className="text-base font-semibold">Invite someone</h2>
          <p className="mt-1 mb-4 text-sm text-slate-600">They get an email with a link that works once and expires in 7 days.</p>
          <InviteForm canInviteOwner={isOwner} onInvited={() => void refresh()} />
        </Card>
      ) : (
        <p className="text-sm text-slate-600">Only owners and admins invite people and change roles.</p>
      )}
      {failure ? <Alert>{errorMessage(failure)}</Alert> : null}
      {resent ? <InvitationLink sent={resent} onDone={() => setResent(null)} /> : null}

      <section aria-labelledby="members-heading">
        <h2 id="members-heading" className="mb-3 text-base font-semibold">
          Members
        </h2>
        <ul className="divide-y divide-slate-100 rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
          {members.data.members.map((m) => (
            <li key={m.userId} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="member-row">
              <div className="min-w-48 flex-1">
                <p className="font-medium">{m.name || m.email}</p>
                {m.name ? <p className="text-sm text-slate-600">{m.email}</p> : null}
              </div>
              {canManage && (m.role !== "owner" || isOwner) ? (
                <>
                  <label htmlFor={`role-${m.userId}`} className="sr-only">
                    Role of {m.email}
                  </label>
                  <select
                    id={`role-${m.userId}`}
                    value={m.role}
                    disabled={changeRole.isPending}
                    onChange={(e) => changeRole.mutate({ userId: m.userId, role: e.target.value as RoleName })}
                    className="rounded-md border-0 py-1.5 pl-3 pr-8 text-sm ring-1 ring-inset ring-slate-300"
                  >
                    {ROLE_NAMES.filter((r) => r !== "owner" || isOwner).map((r) => (
                      <option key={r} value={r}>
                        {title(r)}
                      </option>
                    ))}
                  </select>
                  <Button
                    variant="danger"
                    className="px-2.5 py-1"
                    disabled={remove.isPending}
                    onClick={() => window.confirm(`Remove ${m.email} from this workspace?`) && remove.mutate({ userId: m.userId })}
                  >
                    Remove<span className="sr-only"> {m.email}</span>
                  </Button>
                </>
              ) : (
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">{title(m.role)}</span>
              )}
            </li>
          ))}
        </ul>
      </section>

      {members.data.invitations.length > 0 ? (
        <section aria-labelledby="invitations-heading">
          <h2 id="invitations-heading" className="mb-3 text-base font-semibold">
            Open invitations
          </h2>
          <ul className="divide-y divide-slate-100 rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
            {members.data.invitations.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="invitation-row">
                <div className="min-w-48 flex-1">
                  <p className="font-medium">{i.email}</p>
                  <p className="text-sm text-slate-600">
                    {title(i.role)} · {i.expired ? "expired" : `expires ${formatDateTime(i.expiresAt)}`}
                    {i.delivery ? ` · email ${i.delivery.status === "unsent" ? "not sent (no mail server)" : i.delivery.status}` : ""}
                    {i.delivery?.status === "pending" && i.delivery.lastError ? ` (retrying after: ${i.delivery.lastError})` : ""}
                  </p>
                </div>
                {canManage ? (
                  <>
                    <Button variant="secondary" className="px-2.5 py-1" disabled={resend.isPending} onClick={() => resend.mutate({ invitationId: i.id })}>
                      Resend<span className="sr-only"> to {i.email}</span>
                    </Button>
                    <Button variant="danger" className="px-2.5 py-1" disabled={revoke.isPending} onClick={() => revoke.mutate({ invitationId: i.id })}>
                      Withdraw<span className="sr-only"> invitation of {i.email}</span>
                    </Button>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {canManage ? <OutgoingEmails /> : null}
    </div>
  );
}
