"use client";
import Link from "next/link";
import { useMutation } from "@tanstack/react-query";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { errorMessage, useTRPC } from "@/components/trpc";

export function ConfirmEmailForm({ token }: { token: string }) {
  const trpc = useTRPC();
  const confirm = useMutation(trpc.auth.confirmEmailChange.mutationOptions());

  return (
    <Card>
      <h1 className="text-lg font-semibold">Confirm your new email</h1>
      {confirm.data ? (
        <div className="mt-4 space-y-4">
          <Alert tone="success">Done: you now sign in with {confirm.data.email}.</Alert>
          <Link href="/settings/account" className="block text-center text-sm font-medium text-brand-700 underline">
            Go to your account
          </Link>
        </div>
      ) : (
        <div className="mt-4 space-y-4">
          <p className="text-sm text-slate-600">Your Posteady account will use this address to sign in and to receive its emails.</p>
          {confirm.error ? <Alert>{errorMessage(confirm.error)}</Alert> : null}
          <Button className="w-full" disabled={confirm.isPending} onClick={() => confirm.mutate({ token })}>
            {confirm.isPending ? "Confirming…" : "Confirm this email"}
          </Button>
        </div>
      )}
    </Card>
  );
}
