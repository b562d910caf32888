"use client";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { errorMessage, useTRPC } from "@/components/trpc";
import { ProviderBadge, providerLabels } from "@/components/accounts/provider-badge";
import type { ProviderName } from "@/server/domain/accounts/providers";

// Mastodon and Bluesky first need to know where the person's account lives
const askFirst: Partial<Record<ProviderName, { field: "instance" | "handle"; label: string; hint: string }>> = {
  mastodon: { field: "instance", label: "Your Mastodon server", hint: "The address of the server your account is on, such as mastodon.social" },
  bluesky: { field: "handle", label: "Your Bluesky handle", hint: "Such as alice.bsky.social; you sign in on your own server next" },
};

/** The link page's platform buttons: each starts that platform's sign-in and consent. */
export function LinkPlatformPicker({ token, providers }: { token: string; providers: ProviderName[] }) {
  const trpc = useTRPC();
  const [asking, setAsking] = useState<ProviderName | null>(null);
  const [where, setWhere] = useState("");
  const start = useMutation(trpc.connectLinks.start.mutationOptions({ onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl) }));
  const question = asking ? askFirst[asking] : undefined;
  return (
    <div className="mt-5">
      <h2 className="text-sm font-medium">Choose a platform</h2>
      <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2">
        {providers.map((p) => (
          <li key={p}>
            <button
              type="button"
              disabled={start.isPending}
              aria-pressed={askFirst[p] ? asking === p : undefined}
              onClick={() => (askFirst[p] ? (setAsking(p), setWhere("")) : start.mutate({ token, provider: p }))}
              className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium ring-1 ring-slate-200 hover:bg-slate-50 disabled:opacity-60"
            >
              <ProviderBadge provider={p} size="sm" />
              {providerLabels[p]}
            </button>
          </li>
        ))}
      </ul>
      {asking && question ? (
        <form
          className="mt-4 space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            start.mutate({ token, provider: asking, [question.field]: where.trim() });
          }}
        >
          <Field label={question.label} hint={question.hint} value={where} onChange={(e) => setWhere(e.target.value)} required autoFocus />
          <Button type="submit" disabled={start.isPending}>
            Continue to {providerLabels[asking]}
          </Button>
        </form>
      ) : null}
      {start.error ? (
        <div className="mt-3">
          <Alert>{errorMessage(start.error)}</Alert>
        </div>
      ) : null}
    </div>
  );
}
