"use client";
import Link from "next/link";
import { signIn } from "next-auth/react";
import { useRouter, useSearchParams } from "next/navigation";
import { Suspense, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";

// The refusals the server names (server/domain/auth/verify-credentials.ts): with two-factor on,
// the password alone is answered "code required", and the form asks for it.
const TWO_FACTOR_REQUIRED = "TwoFactorRequired";
const TWO_FACTOR_INVALID = "TwoFactorInvalid";

function Form() {
  const router = useRouter();
  const params = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // after a "code required" answer: the email and password are kept, and the code is asked for
  const [secondStep, setSecondStep] = useState<{ email: string; password: string } | null>(null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const credentials = secondStep
      ? { ...secondStep, code: String(data.get("code")) }
      : { email: String(data.get("email")), password: String(data.get("password")) };
    setPending(true);
    setError(null);
    const result = await signIn("credentials", { redirect: false, ...credentials });
    setPending(false);
    if (!result || result.error) {
      const refusal = result?.error ?? "";
      if (refusal === TWO_FACTOR_REQUIRED) {
        setSecondStep({ email: credentials.email, password: credentials.password });
        return;
      }
      // a refusal for too many attempts says so and for how long; anything else is the usual answer
      if (refusal.startsWith("Too many sign-in attempts")) setError(`${refusal}.`);
      else if (refusal === TWO_FACTOR_INVALID) setError("This code does not work. Enter the current code from your app, or an unused recovery code.");
      else setError(secondStep ? "Signing in failed; start again." : "Wrong email or password.");
      if (refusal !== TWO_FACTOR_INVALID && !refusal.startsWith("Too many")) setSecondStep(null);
      return;
    }
    const next = params.get("callbackUrl");
    router.push(next && next.startsWith("/") ? next : "/compose");
    router.refresh();
  }

  return (
    <Card>
      <h1 className="text-lg font-semibold">Sign in</h1>
      <form className="mt-4 space-y-4" onSubmit={onSubmit} key={secondStep ? "code" : "password"}>
        {error ? <Alert>{error}</Alert> : null}
        {secondStep ? (
          <>
            <p className="text-sm text-slate-600">
              Two-factor sign-in is on for {secondStep.email}. Enter the 6-digit code from your authenticator app, or one of your recovery codes.
            </p>
            <Field label="Two-factor code" name="code" autoComplete="one-time-code" inputMode="text" autoFocus required maxLength={40} />
          </>
        ) : (
          <>
            <Field label="Email" name="email" type="email" autoComplete="email" required />
            <Field label="Password" name="password" type="password" autoComplete="current-password" required />
          </>
        )}
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? "Signing in…" : secondStep ? "Verify and sign in" : "Sign in"}
        </Button>
        {secondStep ? (
          <Button
            variant="ghost"
            className="w-full"
            onClick={() => {
              setSecondStep(null);
              setError(null);
            }}
          >
            Back
          </Button>
        ) : null}
      </form>
      <p className="mt-4 text-center text-sm text-slate-600">
        <Link href="/forgot-password" className="font-medium text-brand-700 underline">
          Forgot password?
        </Link>
      </p>
      <p className="mt-2 text-center text-sm text-slate-600">
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
