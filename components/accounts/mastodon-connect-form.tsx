"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";

/**
 * Mastodon accounts live on the instance the user names: asked before the browser goes to that
 * instance's consent page. `suggestion`: the configured default (MASTODON_INSTANCE_URL).
 */
export function MastodonConnectForm({
  suggestion,
  pending,
  onConnect,
  onCancel,
}: {
  suggestion: string;
  pending: boolean;
  onConnect: (instance: string) => void;
  onCancel: () => void;
}) {
  const [instance, setInstance] = useState(suggestion);
  return (
    <form
      aria-label="Connect a Mastodon account"
      className="mt-4 flex flex-wrap items-end gap-3 rounded-md p-3 ring-1 ring-slate-200"
      onSubmit={(e) => {
        e.preventDefault();
        if (instance.trim()) onConnect(instance.trim());
      }}
    >
      <Field
        label="Instance address"
        name="instance"
        className="min-w-64 flex-1"
        value={instance}
        onChange={(e) => setInstance(e.target.value)}
        placeholder="mastodon.social"
        hint="Your server: mastodon.social, https://fosstodon.org or @you@hachyderm.io"
        autoFocus
        required
      />
      <Button type="submit" disabled={pending || !instance.trim()}>
        Continue
      </Button>
      <Button variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </form>
  );
}
