"use client";
import Link from "next/link";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { errorMessage, useTRPC } from "@/components/trpc";

/** The signed-out page an invitation email links to: join with the invited address's password, or create the account. */
export function AcceptInvitation({ token }: { token: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const invitation = useQuery(trpc.members.invitation.queryOptions({ token }, { retry: false }));
  const accept = useMutation(trpc.members.acceptInvitation.mutationOptions());
  const [signInError, setSignInError] = useState<string | null>(null);

  if (invitation.error) {
    return (
      <Card>
        <h1 className="text-lg font-semibold">This invitation cannot be used</h1>
        <p className="mt-2 text-sm text-slate-700">{errorMessage(invitation.error)}</p>
        <p className="mt-4 text-sm">
          <Link href="/sign-in" className="font-medium text-brand-700 underline">
            Sign in
          </Link>
        </p>
      </Card>
    );
  }
  if (!invitation.data) return <p className="text-center text-sm text-slate-600">Loading…</p>;
  const { workspaceName, email, role, accountExists } = invitation.data;

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get("password"));
    const name = String(data.get("name") ?? "").trim();
    setSignInError(null);
    try {
      await accept.mutateAsync({ token, password, ...(name ? { name } : {}) });
    } catch {
      return; // shown below
    }
    const result = await signIn("credentials", { redirect: false, email, password });
    if (!result || result.error) {
      // two-factor sign-in (or a throttle) needs the sign-in page
      router.push(`/sign-in?callbackUrl=${encodeURIComponent("/calendar")}`);
      return;
    }
    router.push("/calendar");
    router.refresh();
  }

  return (
    <Card>
      <h1 className="text-lg font-semibold">Join {workspaceName}</h1>
      <p className="mt-1 text-sm text-slate-700">
        You are invited as {role === "admin" ? "an" : "a"} <strong>{role}</strong> with the address <strong>{email}</strong>.
      </p>
      <form className="mt-4 space-y-4" onSubmit={onSubmit}>
        {accept.error ? <Alert>{errorMessage(accept.error)}</Alert> : null}
        {signInError ? <Alert>{signInError}</Alert> : null}
        {accountExists ? (
          <Field
            label="Your password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            hint={`The password of your Posteady account ${email}`}
          />
        ) : (
          <>
            <Field label="Your name" name="name" autoComplete="name" />
            <Field label="Choose a password" name="password" type="password" autoComplete="new-password" required minLength={8} hint="At least 8 characters" />
          </>
        )}
        <Button type="submit" className="w-full" disabled={accept.isPending}>
          {accept.isPending ? "Joining…" : accountExists ? "Sign in and join" : "Create account and join"}
        </Button>
      </form>
    </Card>
  );
}
