"use client";
import { useQuery } from "@tanstack/react-query";
import { Alert } from "@/components/ui/alert";
import { errorMessage, useTRPC } from "@/components/trpc";
import { ChangeEmail, ChangePassword } from "./account-credentials";
import { AccountSessions } from "./account-sessions";
import { TwoFactor } from "./account-two-factor";

/** Settings → Account: the signed-in person's own sign-in, whatever workspace is open. */
export function AccountSettings() {
  const trpc = useTRPC();
  const account = useQuery(trpc.me.account.queryOptions());
  if (account.error) return <Alert>{errorMessage(account.error)}</Alert>;
  if (!account.data) return <p className="text-sm text-slate-500">Loading…</p>;
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600">These settings are yours, not the workspace&apos;s: they apply in every workspace you belong to.</p>
      <AccountSessions />
      <TwoFactor status={account.data.twoFactor} />
      <ChangePassword />
      <ChangeEmail email={account.data.email} />
    </div>
  );
}
