"use client";
import Link from "next/link";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { errorMessage, useTRPC } from "@/components/trpc";
import { humanIssue, issuesOf } from "@/components/errors/human-errors";

type FieldErrors = Partial<Record<"email" | "password" | "name", string>>;

function fieldErrors(error: unknown): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issuesOf(error)) out[issue.path as keyof FieldErrors] ??= humanIssue(issue);
  return out;
}

export function SignUpForm() {
  const trpc = useTRPC();
  const router = useRouter();
  const [signInError, setSignInError] = useState<string | null>(null);
  const signUp = useMutation(trpc.auth.signUp.mutationOptions());
  const errors = signUp.error ? fieldErrors(signUp.error) : {};

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get("email"));
    const password = String(data.get("password"));
    const name = String(data.get("name") ?? "").trim();
    setSignInError(null);
    try {
      await signUp.mutateAsync({ email, password, ...(name ? { name } : {}) });
    } catch {
      return; // shown below from signUp.error
    }
    const result = await signIn("credentials", { redirect: false, email, password });
    if (!result || result.error) {
      setSignInError("Your account was created, but signing in failed. Try signing in.");
      return;
    }
    router.push("/compose");
    router.refresh();
  }

  const pending = signUp.isPending;
  return (
    <Card>
      <h1 className="text-lg font-semibold">Create your account</h1>
      <p className="mt-1 text-sm text-slate-600">You get an organization and a first workspace.</p>
      <form className="mt-4 space-y-4" onSubmit={onSubmit} noValidate>
        {signUp.error && Object.keys(errors).length === 0 ? <Alert>{errorMessage(signUp.error)}</Alert> : null}
        {signInError ? <Alert>{signInError}</Alert> : null}
        <Field label="Name" name="name" autoComplete="name" error={errors.name} />
        <Field label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          hint="At least 8 characters"
          error={errors.password}
        />
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? "Creating…" : "Create account"}
        </Button>
      </form>
      <p className="mt-4 text-center text-sm text-slate-600">
        Already have an account?{" "}
        <Link href="/sign-in" className="font-medium text-brand-700 underline">
          Sign in
        </Link>
      </p>
    </Card>
  );
}
