"use client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { errorMessage, useTRPC } from "@/components/trpc";
import { providerLabels, providerTable } from "@/server/domain/accounts/providers";
import { DEFAULT_TEMPLATE, PLACEHOLDERS } from "@/server/domain/feeds/feed-placeholders";

const placeholderHelp: Record<(typeof PLACEHOLDERS)[number], string> = {
  title: "the item's title",
  link: "its link",
  summary: "its description, as plain text",
  author: "its author's name",
};

export function AddFeedForm({ onAdded }: { onAdded: () => void }) {
  const trpc = useTRPC();
  const accounts = useQuery(trpc.accounts.list.queryOptions());
  const textAccounts = (accounts.data ?? []).filter((a) => providerTable[a.provider].publishing === "text");
  const [mode, setMode] = useState<"draft" | "queue">("draft");
  const create = useMutation(trpc.feeds.create.mutationOptions({ onSuccess: onAdded }));
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        const form = e.currentTarget;
        const data = new FormData(form);
        create.mutate(
          { url: String(data.get("url")), accountIds: data.getAll("accountId").map(String), mode, template: String(data.get("template") || DEFAULT_TEMPLATE) },
          { onSuccess: () => form.reset() },
        );
      }}
    >
      <Field label="Feed URL" name="url" type="url" required maxLength={2048} placeholder="https://example.com/blog/feed.xml" />
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Post to</legend>
        {accounts.data && textAccounts.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">Connect an X, Threads, LinkedIn, Bluesky or Mastodon account first: feeds post text.</p>
        ) : null}
        <div className="mt-2 grid gap-1 sm:grid-cols-2">
          {textAccounts.map((a) => (
            <label key={a.accountId} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="accountId" value={a.accountId} />
              {providerLabels[a.provider]} @{a.username}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Each new item becomes</legend>
        <label className="mt-2 flex items-center gap-2 text-sm">
          <input type="radio" name="mode" value="draft" checked={mode === "draft"} onChange={() => setMode("draft")} />a draft to review
        </label>
        <label className="mt-1 flex items-center gap-2 text-sm">
          <input type="radio" name="mode" value="queue" checked={mode === "queue"} onChange={() => setMode("queue")} />a post in the accounts&apos; queues (they
          need posting slots)
        </label>
      </fieldset>
      <div>
        <Field label="Template" name="template" defaultValue={DEFAULT_TEMPLATE} maxLength={1000} aria-describedby="feed-template-help" />
        <div id="feed-template-help" className="mt-1 text-xs text-slate-600">
          Placeholders:{" "}
          {PLACEHOLDERS.map((p, i) => (
            <span key={p}>
              <code className="font-mono">{`{${p}}`}</code> {placeholderHelp[p]}
              {i < PLACEHOLDERS.length - 1 ? "; " : "."}
            </span>
          ))}{" "}
          Too long for an account, the summary and then the title are shortened; the link is kept whole.
        </div>
      </div>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? "Adding…" : "Add feed"}
      </Button>
      {create.error ? <Alert>{errorMessage(create.error)}</Alert> : null}
    </form>
  );
}
