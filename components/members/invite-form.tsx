"use client";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { ShownOnce } from "@/components/ui/shown-once";
import { errorMessage, useTRPC } from "@/components/trpc";
import { ROLE_NAMES, type RoleName } from "@/server/domain/members/members.schema";
import { roleDescriptions } from "@/server/domain/members/roles";

type Sent = { email: string; url: string; emailStatus: "pending" | "unsent" };

/** Invite by email; the link is shown once, and when no email could be sent, that is said plainly. */
export function InviteForm({ canInviteOwner, onInvited }: { canInviteOwner: boolean; onInvited: () => void }) {
  const trpc = useTRPC();
  const [sent, setSent] = useState<Sent | null>(null);
  const invite = useMutation(
    trpc.members.invite.mutationOptions({
      onSuccess: (result) => {
        setSent({ email: result.invitation.email, url: result.url, emailStatus: result.emailStatus });
        onInvited();
      },
    }),
  );
  if (sent) return <InvitationLink sent={sent} onDone={() => setSent(null)} />;
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        const form = new FormData(e.currentTarget);
        invite.mutate({ email: String(form.get("email")), role: String(form.get("role")) as RoleName });
      }}
    >
      <Field label="Email" name="email" type="email" required autoComplete="off" className="min-w-64 flex-1" />
      <div className="w-full min-w-0 sm:w-auto">
        <label htmlFor="invite-role" className="block text-sm font-medium text-slate-700">
          Role
        </label>
        <select
          id="invite-role"
          name="role"
          defaultValue="editor"
          className="mt-1 block w-full max-w-full rounded-md border-0 py-2 pl-3 pr-8 text-sm ring-1 ring-inset ring-slate-300 sm:max-w-md"
        >
          {ROLE_NAMES.filter((r) => r !== "owner" || canInviteOwner).map((r) => (
            <option key={r} value={r}>
              {r[0]!.toUpperCase() + r.slice(1)}: {roleDescriptions[r]}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" disabled={invite.isPending}>
        Send invitation
      </Button>
      {invite.error ? (
        <div className="w-full">
          <Alert>{errorMessage(invite.error)}</Alert>
        </div>
      ) : null}
    </form>
  );
}

export function InvitationLink({ sent, onDone }: { sent: Sent; onDone: () => void }) {
  const message =
    sent.emailStatus === "pending"
      ? `Invitation emailed to ${sent.email}. You can also copy the link: it is shown only now.`
      : `No email was sent: this installation has no mail server (SMTP_URL). Copy this link and send it to ${sent.email} yourself; it is shown only now.`;
  return <ShownOnce message={message} label="Invitation link" value={sent.url} testId="invitation-link" onDone={onDone} />;
}
