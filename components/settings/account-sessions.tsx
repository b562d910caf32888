"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { signOut } from "next-auth/react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatDateTime } from "@/components/format/date-time";
import { errorMessage, useTRPC } from "@/components/trpc";
import { deviceName } from "./device-name";

export function AccountSessions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sessions = useQuery(trpc.me.sessions.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.me.sessions.queryKey() });
  const revokeOne = useMutation(
    trpc.me.revokeSession.mutationOptions({
      onSuccess: async ({ current }) => (current ? signOut({ callbackUrl: "/sign-in" }) : refresh()),
    }),
  );
  const revokeMany = useMutation(
    trpc.me.revokeSessions.mutationOptions({
      onSuccess: async (_, { everywhere }) => (everywhere ? signOut({ callbackUrl: "/sign-in" }) : refresh()),
    }),
  );
  const error = sessions.error ?? revokeOne.error ?? revokeMany.error;

  return (
    <Card>
      <h2 className="text-base font-semibold">Signed-in sessions</h2>
      <p className="mt-1 text-sm text-slate-600">Every browser where your account is signed in. Signing one out takes effect on its next click.</p>
      {error ? (
        <div className="mt-3">
          <Alert>{errorMessage(error)}</Alert>
        </div>
      ) : null}
      {!sessions.data ? (
        sessions.error ? null : (
          <p className="mt-3 text-sm text-slate-500">Loading…</p>
        )
      ) : (
        <ul className="mt-4 divide-y divide-slate-200" aria-label="Signed-in sessions">
          {sessions.data.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0 text-sm">
                <p className="font-medium" title={s.userAgent ?? undefined}>
                  {deviceName(s.userAgent)}
                  {s.current ? <span className="ml-2 rounded bg-emerald-50 px-1.5 py-0.5 text-xs text-emerald-800">This session</span> : null}
                </p>
                <p className="text-slate-600">
                  {s.address ?? "Unknown address"} · signed in {formatDateTime(s.createdAt)} · last seen {formatDateTime(s.lastSeenAt)}
                </p>
              </div>
              <Button
                variant="secondary"
                disabled={revokeOne.isPending}
                aria-label={s.current ? "Sign out this session" : `Sign out ${deviceName(s.userAgent)} signed in ${formatDateTime(s.createdAt)}`}
                onClick={() => revokeOne.mutate({ sessionId: s.id })}
              >
                Sign out
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" disabled={revokeMany.isPending} onClick={() => revokeMany.mutate({ everywhere: false })}>
          Sign out everywhere else
        </Button>
        <Button variant="danger" disabled={revokeMany.isPending} onClick={() => revokeMany.mutate({ everywhere: true })}>
          Sign out everywhere
        </Button>
      </div>
      {revokeMany.data && !revokeMany.variables?.everywhere ? (
        <div className="mt-3">
          <Alert tone="success">
            {revokeMany.data.signedOut === 0
              ? "No other session was signed in."
              : `Signed out ${revokeMany.data.signedOut} other session${revokeMany.data.signedOut === 1 ? "" : "s"}.`}
          </Alert>
        </div>
      ) : null}
    </Card>
  );
}
