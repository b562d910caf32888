"use client";
import Link from "next/link";
import { useMutation } from "@tanstack/react-query";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { errorMessage, useTRPC } from "@/components/trpc";
import { humanIssue, issuesOf } from "@/components/errors/human-errors";

export function ForgotPasswordForm() {
  const trpc = useTRPC();
  const request = useMutation(trpc.auth.requestPasswordReset.mutationOptions());
  const issue = request.error ? issuesOf(request.error)[0] : undefined;

  return (
    <Card>
      <h1 className="text-lg font-semibold">Forgot password</h1>
      {request.data ? (
        <div className="mt-4">
          <Alert tone="success">{request.data.message}</Alert>
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">Enter your account&apos;s email; we send a link to choose a new password.</p>
          <form
            className="mt-4 space-y-4"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              request.mutate({ email: String(new FormData(e.currentTarget).get("email")) });
            }}
          >
            {request.error && !issue ? <Alert>{errorMessage(request.error)}</Alert> : null}
            <Field label="Email" name="email" type="email" autoComplete="email" required error={issue ? humanIssue(issue) : undefined} />
            <Button type="submit" className="w-full" disabled={request.isPending}>
              {request.isPending ? "Sending…" : "Send the link"}
            </Button>
          </form>
        </>
      )}
      <p className="mt-4 text-center text-sm text-slate-600">
        <Link href="/sign-in" className="font-medium text-brand-700 underline">
          Back to sign in
        </Link>
      </p>
    </Card>
  );
}
