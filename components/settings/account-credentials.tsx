"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { humanIssue, issuesOf } from "@/components/errors/human-errors";
import { errorMessage, useTRPC } from "@/components/trpc";

function fieldErrorsOf(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issuesOf(error)) out[issue.path] ??= humanIssue(issue);
  return out;
}

export function ChangePassword() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const change = useMutation(trpc.me.changePassword.mutationOptions({ onSuccess: () => queryClient.invalidateQueries() }));
  const errors = change.error ? fieldErrorsOf(change.error) : {};
  return (
    <Card>
      <h2 className="text-base font-semibold">Password</h2>
      <form
        className="mt-4 grid gap-4 sm:max-w-md"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const form = e.currentTarget;
          const data = new FormData(form);
          change.mutate(
            { currentPassword: String(data.get("currentPassword")), newPassword: String(data.get("newPassword")) },
            { onSuccess: () => form.reset() },
          );
        }}
      >
        {change.error && Object.keys(errors).length === 0 ? <Alert>{errorMessage(change.error)}</Alert> : null}
        <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" required error={errors.currentPassword} />
        <Field
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          hint="At least 8 characters. Your other sessions are signed out."
          error={errors.newPassword}
        />
        <div>
          <Button type="submit" disabled={change.isPending}>
            Change password
          </Button>
        </div>
        {change.data ? (
          <Alert tone="success">
            Password changed.{" "}
            {change.data.signedOut > 0 ? `${change.data.signedOut} other session${change.data.signedOut === 1 ? " was" : "s were"} signed out.` : ""}
          </Alert>
        ) : null}
      </form>
    </Card>
  );
}

export function ChangeEmail({ email }: { email: string }) {
  const trpc = useTRPC();
  const request = useMutation(trpc.me.requestEmailChange.mutationOptions());
  const errors = request.error ? fieldErrorsOf(request.error) : {};
  return (
    <Card>
      <h2 className="text-base font-semibold">Email</h2>
      <p className="mt-1 text-sm text-slate-600">
        You sign in with <strong>{email}</strong>. A new address is used once you confirm it from the email we send there.
      </p>
      <form
        className="mt-4 grid gap-4 sm:max-w-md"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const form = e.currentTarget;
          const data = new FormData(form);
          request.mutate({ newEmail: String(data.get("newEmail")), currentPassword: String(data.get("currentPassword")) }, { onSuccess: () => form.reset() });
        }}
      >
        {request.error && Object.keys(errors).length === 0 ? <Alert>{errorMessage(request.error)}</Alert> : null}
        <Field label="New email" name="newEmail" type="email" autoComplete="email" required error={errors.newEmail} />
        <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" required error={errors.currentPassword} />
        <div>
          <Button type="submit" disabled={request.isPending}>
            Send confirmation link
          </Button>
        </div>
        {request.data ? (
          <Alert tone="success">
            We sent a link to {request.data.sentTo}. Until you open it, your email stays {email}. It works once, for 24 hours.
          </Alert>
        ) : null}
      </form>
    </Card>
  );
}
