"use client";
import Link from "next/link";
import { signIn } from "next-auth/react";
import { useRouter, useSearchParams } from "next/navigation";
import { Suspense, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";

function Form() {
  const router = useRouter();
  const params = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const result = await signIn("credentials", {
      redirect: false,
      email: String(data.get("email")),
      password: String(data.get("password")),
    });
    setPending(false);
    if (!result || result.error) {
      // a refusal for too many attempts says so and for how long; anything else is the usual answer
      setError(result?.error?.startsWith("Too many sign-in attempts") ? `${result.error}.` : "Wrong email or password.");
      return;
    }
    const next = params.get("callbackUrl");
    router.push(next && next.startsWith("/") ? next : "/compose");
    router.refresh();
  }

  return (
    <Card>
      <h1 className="text-lg font-semibold">Sign in</h1>
      <form className="mt-4 space-y-4" onSubmit={onSubmit}>
        {error ? <Alert>{error}</Alert> : null}
        <Field label="Email" name="email" type="email" autoComplete="email" required />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required />
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? "Signing in…" : "Sign in"}
        </Button>
      </form>
      <p className="mt-4 text-center text-sm text-slate-600">
        New here?{" "}
        <Link href="/sign-up" className="font-medium text-brand-700 underline">
          Create an account
        </Link>
      </p>
    </Card>
  );
}

export function SignInForm() {
  return (
    <Suspense>
      <Form />
    </Suspense>
  );
}
