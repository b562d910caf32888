"use client";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { errorMessage, useTRPC } from "@/components/trpc";

/**
 * "Sign in with Bluesky" (atproto OAuth): the handle or server names where to sign in; the
 * browser goes to that server's own sign-in page and comes back to Accounts.
 */
export function BlueskySignIn({ identifier = "" }: { identifier?: string }) {
  const trpc = useTRPC();
  const [handle, setHandle] = useState(identifier);
  const connect = useMutation(trpc.accounts.connect.mutationOptions({ onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl) }));
  return (
    <form
      className="mt-4 grid max-w-xl gap-3 rounded-md p-4 ring-1 ring-slate-200"
      aria-label="Sign in with Bluesky"
      onSubmit={(e) => {
        e.preventDefault();
        connect.mutate({ provider: "bluesky", handle: handle.trim() });
      }}
    >
      <Field
        label="Handle or server"
        name="oauthHandle"
        autoComplete="username"
        required
        value={handle}
        onChange={(e) => setHandle(e.target.value)}
        placeholder="alice.bsky.social"
        hint="You sign in on your Bluesky server's own page and approve Posteady: no app password needed."
      />
      {connect.error ? <Alert>{errorMessage(connect.error)}</Alert> : null}
      <div>
        <Button type="submit" disabled={connect.isPending || !handle.trim()}>
          {connect.isPending ? "Opening Bluesky…" : "Sign in with Bluesky"}
        </Button>
      </div>
    </form>
  );
}
