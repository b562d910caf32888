"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { formatDate } from "@/components/format/date-time";
import { humanIssue, issuesOf } from "@/components/errors/human-errors";
import { errorMessage, useTRPC } from "@/components/trpc";

type Status = { enabled: boolean; enabledAt: string | Date | null; recoveryCodesLeft: number };

const issueText = (error: unknown, path: string) => {
  const issue = issuesOf(error).find((i) => i.path === path);
  return issue ? humanIssue(issue) : undefined;
};

export function TwoFactor({ status }: { status: Status }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.me.account.queryKey() });
  const start = useMutation(trpc.me.startTwoFactor.mutationOptions());
  const confirm = useMutation(trpc.me.confirmTwoFactor.mutationOptions());
  const disable = useMutation(trpc.me.disableTwoFactor.mutationOptions({ onSuccess: refresh }));
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes) {
    return (
      <Card>
        <h2 className="text-base font-semibold">Two-factor sign-in</h2>
        <div className="mt-3 rounded-md bg-amber-50 p-4 ring-1 ring-amber-200" role="status">
          <p className="text-sm font-medium text-amber-900">
            Two-factor sign-in is on. Keep these recovery codes somewhere safe: each signs in once without your app. They are shown only now.
          </p>
          <ul aria-label="Recovery codes" className="mt-3 grid grid-cols-2 gap-1 font-mono text-sm sm:grid-cols-5">
            {recoveryCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
          <div className="mt-3 flex gap-2">
            <Button variant="secondary" onClick={() => navigator.clipboard?.writeText(recoveryCodes.join("\n"))}>
              Copy
            </Button>
            <Button
              onClick={() => {
                setRecoveryCodes(null);
                start.reset();
                confirm.reset();
                void refresh();
              }}
            >
              Done
            </Button>
          </div>
        </div>
      </Card>
    );
  }

  if (status.enabled) {
    return (
      <Card>
        <h2 className="text-base font-semibold">Two-factor sign-in</h2>
        <p className="mt-1 text-sm text-slate-600">
          On since {status.enabledAt ? formatDate(status.enabledAt) : "—"}: signing in asks for a code from your authenticator app. {status.recoveryCodesLeft}{" "}
          recovery code{status.recoveryCodesLeft === 1 ? "" : "s"} left.
        </p>
        <form
          className="mt-4 grid gap-4 sm:max-w-md"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const data = new FormData(e.currentTarget);
            const code = String(data.get("code") ?? "").trim();
            const password = String(data.get("password") ?? "");
            disable.mutate(code ? { code } : { password });
          }}
        >
          <p className="text-sm text-slate-600">To turn it off, enter a current code from the app, or your password.</p>
          {disable.error && !issuesOf(disable.error).length ? <Alert>{errorMessage(disable.error)}</Alert> : null}
          <Field label="Code from the app" name="code" autoComplete="one-time-code" maxLength={40} error={issueText(disable.error, "code")} />
          <Field label="Or your password" name="password" type="password" autoComplete="current-password" error={issueText(disable.error, "password")} />
          <div>
            <Button type="submit" variant="danger" disabled={disable.isPending}>
              Turn off two-factor
            </Button>
          </div>
        </form>
      </Card>
    );
  }

  return (
    <Card>
      <h2 className="text-base font-semibold">Two-factor sign-in</h2>
      <p className="mt-1 text-sm text-slate-600">
        Off. With it on, signing in asks for a code from an authenticator app (1Password, Google Authenticator, Aegis…) after your password.
      </p>
      {start.error ? (
        <div className="mt-3">
          <Alert>{errorMessage(start.error)}</Alert>
        </div>
      ) : null}
      {!start.data ? (
        <div className="mt-4">
          <Button onClick={() => start.mutate()} disabled={start.isPending}>
            Turn on two-factor
          </Button>
        </div>
      ) : (
        <div className="mt-4 grid gap-4 sm:grid-cols-[auto_1fr]">
          {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL made on the server */}
          <img src={start.data.qrCodeDataUrl} width={220} height={220} alt="QR code to scan with your authenticator app" className="rounded bg-white" />
          <form
            className="grid content-start gap-4"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              confirm.mutate(
                { code: String(new FormData(e.currentTarget).get("code")) },
                { onSuccess: ({ recoveryCodes }) => setRecoveryCodes(recoveryCodes) },
              );
            }}
          >
            <p className="text-sm text-slate-600">
              Scan the code with your app, or enter this key in it:{" "}
              <code className="break-all rounded bg-slate-100 px-1 font-mono" data-testid="totp-secret">
                {start.data.secret}
              </code>
            </p>
            {confirm.error && !issuesOf(confirm.error).length ? <Alert>{errorMessage(confirm.error)}</Alert> : null}
            <Field
              label="Code from the app"
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              required
              maxLength={40}
              error={issueText(confirm.error, "code")}
            />
            <div>
              <Button type="submit" disabled={confirm.isPending}>
                Confirm and turn on
              </Button>
            </div>
          </form>
        </div>
      )}
    </Card>
  );
}
