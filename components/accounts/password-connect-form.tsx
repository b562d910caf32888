"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { errorMessage, useTRPC } from "@/components/trpc";
import type { ProviderName } from "@/server/domain/accounts/providers";
import { BlueskySignIn } from "./bluesky-sign-in";
import { providerLabels } from "./provider-badge";

export type PasswordConnectDefaults = {
  /** the server a handle signs in at when the field is left empty (the sandbox's PDS in sandbox mode) */
  server: string;
  /** sandbox mode: the page that makes a test account and its app password */
  createAccountUrl?: string;
  /** "Sign in with Bluesky" (atproto OAuth) is offered beside the app password (docs/platforms/bluesky.md) */
  oauth?: boolean;
};

/**
 * Connecting with a handle and an app password (Bluesky): no platform page to go to, the service
 * signs in at once and the account appears in the list; a refusal is shown in words.
 */
export function PasswordConnectForm({
  provider,
  defaults,
  identifier = "",
  onDone,
}: {
  provider: ProviderName;
  defaults: PasswordConnectDefaults;
  identifier?: string;
  onDone?: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [handle, setHandle] = useState(identifier);
  const [appPassword, setAppPassword] = useState("");
  const [server, setServer] = useState("");
  const connect = useMutation(
    trpc.accounts.connectWithPassword.mutationOptions({
      onSuccess: async (account) => {
        toast.success(`Connected @${account.username} on ${providerLabels[account.provider]}`);
        setAppPassword("");
        await queryClient.invalidateQueries({ queryKey: trpc.accounts.list.queryKey() });
        onDone?.();
      },
    }),
  );
  return (
    <>
      {defaults.oauth && provider === "bluesky" ? <BlueskySignIn identifier={identifier} /> : null}
      <form
        className="mt-4 grid max-w-xl gap-3 rounded-md p-4 ring-1 ring-slate-200"
        aria-label={`Connect ${providerLabels[provider]}`}
        onSubmit={(e) => {
          e.preventDefault();
          connect.mutate({ provider, identifier: handle, appPassword, ...(server.trim() ? { server: server.trim() } : {}) });
        }}
      >
        <Field
          label="Handle"
          name="handle"
          autoComplete="username"
          required
          value={handle}
          onChange={(e) => setHandle(e.target.value)}
          placeholder="alice.bsky.social"
          hint="Your handle or the account's email."
        />
        <Field
          label="App password"
          name="appPassword"
          type="password"
          autoComplete="off"
          required
          value={appPassword}
          onChange={(e) => setAppPassword(e.target.value)}
          hint="Not your account password: create an app password in Bluesky under Settings → Privacy and security → App passwords."
        />
        <Field
          label="Server"
          name="server"
          value={server}
          onChange={(e) => setServer(e.target.value)}
          placeholder={defaults.server}
          hint={`Leave empty for ${defaults.server}; a self-hosted server's address otherwise.`}
        />
        {defaults.createAccountUrl ? (
          <p className="text-xs text-slate-600">
            Sandbox: the platforms are local.{" "}
            <a className="font-medium text-brand-700 underline" href={defaults.createAccountUrl} target="_blank" rel="noreferrer">
              Create a Bluesky test account
            </a>{" "}
            on the local server, then paste its handle and app password here.
          </p>
        ) : null}
        {connect.error ? <Alert>{errorMessage(connect.error)}</Alert> : null}
        <div>
          <Button type="submit" disabled={connect.isPending}>
            {connect.isPending ? "Connecting…" : `Connect ${providerLabels[provider]}`}
          </Button>
        </div>
      </form>
    </>
  );
}
