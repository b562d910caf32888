"use client";
import Link from "next/link";
import { useMutation } from "@tanstack/react-query";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { errorMessage, useTRPC } from "@/components/trpc";
import { humanIssue, issuesOf } from "@/components/errors/human-errors";

export function ResetPasswordForm({ token }: { token: string }) {
  const trpc = useTRPC();
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions());
  const issue = reset.error ? issuesOf(reset.error).find((i) => i.path === "newPassword") : undefined;

  return (
    <Card>
      <h1 className="text-lg font-semibold">Choose a new password</h1>
      {reset.data ? (
        <div className="mt-4 space-y-4">
          <Alert tone="success">Your password is changed, and every session of your account is signed out. Sign in with the new password.</Alert>
          <Link href="/sign-in" className="block text-center text-sm font-medium text-brand-700 underline">
            Sign in
          </Link>
        </div>
      ) : (
        <form
          className="mt-4 space-y-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            reset.mutate({ token, newPassword: String(new FormData(e.currentTarget).get("newPassword")) });
          }}
        >
          {reset.error && !issue ? <Alert>{errorMessage(reset.error)}</Alert> : null}
          <Field
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            hint="At least 8 characters."
            error={issue ? humanIssue(issue) : undefined}
          />
          <Button type="submit" className="w-full" disabled={reset.isPending}>
            {reset.isPending ? "Saving…" : "Set the new password"}
          </Button>
          <p className="text-center text-sm text-slate-600">
            <Link href="/forgot-password" className="font-medium text-brand-700 underline">
              Ask for a new link
            </Link>
          </p>
        </form>
      )}
    </Card>
  );
}
