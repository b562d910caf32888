"use client";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { errorMessage, useTRPC } from "@/components/trpc";
import { providers, providerTable, type ProviderName } from "@/server/domain/accounts/providers";
import { MastodonConnectForm } from "./mastodon-connect-form";
import { PasswordConnectForm, type PasswordConnectDefaults } from "./password-connect-form";
import { ProviderBadge, providerLabels } from "./provider-badge";

/**
 * Starts the platform's OAuth flow: the browser goes to its authorize page and comes back.
 * `sandbox`: the platforms are the local sandbox, whose Meta apps need no App roles.
 */
/** What the Accounts page knows of this installation's connections (the Mastodon instance suggested, Bluesky's default server). */
export type ConnectSettings = { sandbox: boolean; mastodonInstance: string; passwordDefaults: PasswordConnectDefaults };

export function ConnectPanel({ sandbox, mastodonInstance, passwordDefaults }: ConnectSettings) {
  const trpc = useTRPC();
  // a provider connected with an app password opens its form instead of going to the platform
  const [passwordProvider, setPasswordProvider] = useState<ProviderName | null>(null);
  const connect = useMutation(
    trpc.accounts.connect.mutationOptions({
      onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl),
    }),
  );
  // a provider on a user-named server (Mastodon) asks for its address first
  const [askInstance, setAskInstance] = useState<ProviderName | null>(null);
  const start = (provider: ProviderName, app?: "business" | "login-kit") => {
    const connectFacts = providerTable[provider].connect;
    if (connectFacts.method === "password") return setPasswordProvider((open) => (open === provider ? null : provider));
    if (connectFacts.instance) return setAskInstance(provider);
    connect.mutate({ provider, ...(app ? { app } : {}) });
  };
  return (
    <section aria-labelledby="connect-heading" className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="connect-heading" className="text-base font-semibold">
        Connect an account
      </h2>
      <p className="mt-1 text-sm text-slate-600">You will sign in on the platform and choose what to allow; then you come back here.</p>
      {/* Meta stops such sign-ins on its own page and never returns here, so the hint comes first. */}
      {sandbox ? null : (
        <p className="mt-1 text-xs text-slate-500" data-testid="meta-app-roles-hint">
          Threads, Instagram and Facebook: while this installation&apos;s Meta app is in Development mode, only people with a role on the app can sign in (for
          Threads, testers who accepted the invite). If Meta answers &ldquo;Insufficient developer role&rdquo;, &ldquo;The user has not accepted the invite to
          test the app&rdquo; or &ldquo;App not active&rdquo;, add the account under App roles in the Meta app dashboard, or switch the app to Live.
        </p>
      )}
      <div className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {providers.map((p) => (
          <button
            key={p}
            type="button"
            disabled={connect.isPending}
            onClick={() => start(p)}
            aria-expanded={providerTable[p].connect.method === "password" ? passwordProvider === p : undefined}
            className="flex items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium ring-1 ring-slate-200 hover:bg-slate-50 disabled:opacity-60"
          >
            <ProviderBadge provider={p} size="sm" />
            {providerLabels[p]}
          </button>
        ))}
        {/* a provider's further app registrations (TikTok's Login Kit), after the main buttons */}
        {providers.flatMap((p) =>
          (providerTable[p].connect.apps ?? []).map(({ app, label }) => (
            <button
              key={`${p}-${app}`}
              type="button"
              disabled={connect.isPending}
              onClick={() => start(p, app)}
              className="flex items-center gap-2 rounded-md px-3 py-2 text-left text-sm ring-1 ring-slate-200 hover:bg-slate-50 disabled:opacity-60"
              aria-describedby={`${p}-${app}-hint`}
            >
              <ProviderBadge provider={p} size="sm" />
              {label}
            </button>
          )),
        )}
      </div>
      {askInstance ? (
        <MastodonConnectForm
          suggestion={mastodonInstance}
          pending={connect.isPending}
          onConnect={(instance) => connect.mutate({ provider: askInstance, instance })}
          onCancel={() => setAskInstance(null)}
        />
      ) : null}
      {passwordProvider ? (
        <PasswordConnectForm key={passwordProvider} provider={passwordProvider} defaults={passwordDefaults} onDone={() => setPasswordProvider(null)} />
      ) : null}
      <p id="tiktok-login-kit-hint" className="mt-2 text-xs text-slate-500">
        Two ways into TikTok: <strong className="font-medium">TikTok</strong> connects through this installation&apos;s business-developer app and publishes
        videos; <strong className="font-medium">TikTok (Login Kit)</strong> connects through its Login Kit app, for reading only: such an account cannot publish
        and is not listed in the API.
      </p>
      {connect.error ? (
        <div className="mt-3">
          <Alert>{errorMessage(connect.error)}</Alert>
        </div>
      ) : null}
    </section>
  );
}
