"use client";
// The composer: pick accounts, write, attach media, set the mode's options, publish now or
// schedule. It sends the same request as POST /api/v1/posts (or /api/v1/scheduled-posts); the
// server checks every rule again.
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useMemo, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { resolveWhen, SchedulePicker, type When } from "@/components/scheduling/schedule-picker";
import { useTimeZone } from "@/components/scheduling/use-time-zone";
import { errorMessage, useTRPC } from "@/components/trpc";
import { humanIssue, issuesOf } from "@/components/errors/human-errors";
import type { ProviderName } from "@/server/domain/accounts/providers";
import { removeLinks, TEXT_LIMITS } from "@/server/domain/publishing/text-rules";
import type { PublishResponse } from "@/server/domain/publishing/publishing.schema";
import type { ScheduleResponse } from "@/server/domain/scheduling/scheduling.schema";
import { AccountPicker } from "./account-picker";
import { isOver } from "./char-counter";
import { emptyDraft, mediaRule, modeOf, toggleAccount, toRequest, type Draft, type Mode } from "./draft";
import { MediaPicker } from "./media-picker";
import { FacebookOptions, InstagramOptions, TiktokOptions, YoutubeOptions } from "./mode-options";
import { PublishResults, ScheduleResults } from "./publish-results";
import { ThreadEditor } from "./thread-editor";

export function Composer() {
  const trpc = useTRPC();
  const accounts = useQuery(trpc.accounts.list.queryOptions());
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [response, setResponse] = useState<PublishResponse | null>(null);
  const [scheduled, setScheduled] = useState<ScheduleResponse | null>(null);
  const [when, setWhen] = useState<When>({ kind: "now" });
  const [zone, setZone] = useTimeZone();
  // One requestId per distinct media request: a retry of the same input reuses it (so a lost
  // answer never makes a second job); any change of input gets a new one.
  const lastRequest = useRef<{ body: string; requestId: string } | null>(null);
  const publishNow = useMutation(trpc.posts.publish.mutationOptions());
  const schedule = useMutation(trpc.schedules.create.mutationOptions());
  const publish = when.kind === "schedule" ? schedule : publishNow;
  const resolvedWhen = resolveWhen(when, zone);

  const listed = useMemo(() => accounts.data ?? [], [accounts.data]);
  const providerOf = (id: string) => listed.find((a) => a.accountId === id)?.provider;
  const providers = draft.accountIds.map(providerOf).filter((p): p is ProviderName => !!p);
  const mode: Mode = modeOf(providers);
  const rule = mediaRule(draft, mode);
  const problems = localProblems(draft, mode, providers);
  if (when.kind === "schedule" && (!resolvedWhen || Date.parse(resolvedWhen.iso) <= Date.now())) problems.push("Choose a time in the future.");

  const patch =
    <K extends "tiktok" | "instagram" | "youtube" | "facebook">(key: K) =>
    (value: Partial<Draft[K]>) =>
      setDraft((d) => ({ ...d, [key]: { ...d[key], ...value } }));

  const submit = async () => {
    setResponse(null);
    setScheduled(null);
    const at = when.kind === "schedule" && resolvedWhen ? { scheduledAt: resolvedWhen.iso, timezone: zone } : null;
    const body = JSON.stringify({ ...toRequest(draft, mode, "_"), ...at });
    const requestId = lastRequest.current?.body === body ? lastRequest.current.requestId : crypto.randomUUID();
    lastRequest.current = { body, requestId };
    const request = toRequest(draft, mode, requestId);
    const result = at ? await schedule.mutateAsync({ ...request, ...at }).catch(() => null) : await publishNow.mutateAsync(request).catch(() => null);
    if (!result) return;
    if (at) setScheduled(result as ScheduleResponse);
    else setResponse(result as PublishResponse);
    lastRequest.current = null;
    if (result.summary.failed === 0) setDraft((d) => ({ ...emptyDraft, accountIds: d.accountIds }));
  };

  if (accounts.data && listed.length === 0) {
    return (
      <EmptyState title="Nothing to publish to yet">
        Publishing needs a connected account.{" "}
        <Link className="font-medium text-brand-700 underline" href="/accounts">
          Connect one
        </Link>
        .
      </EmptyState>
    );
  }

  const serverIssues = issuesOf(publish.error);
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <form
        className="space-y-5"
        aria-label="Compose"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <AccountPicker
          accounts={listed}
          selected={draft.accountIds}
          onToggle={(id) => setDraft((d) => ({ ...d, accountIds: toggleAccount(d.accountIds, id, providerOf) }))}
        />

        {mode === "text" ? <ThreadEditor posts={draft.posts} providers={providers} onChange={(posts) => setDraft((d) => ({ ...d, posts }))} /> : null}
        {mode !== "text" ? (
          <div className="space-y-4 rounded-lg bg-white p-4 ring-1 ring-slate-200">
            <MediaPicker
              picked={draft.media}
              types={rule.types}
              max={rule.max}
              altText={mode === "instagram"}
              onChange={(media) => setDraft((d) => ({ ...d, media }))}
            />
            {mode === "tiktok" ? (
              <TiktokOptions
                caption={draft.posts[0] ?? ""}
                onCaption={(c) => setDraft((d) => ({ ...d, posts: [c] }))}
                value={draft.tiktok}
                set={patch("tiktok")}
              />
            ) : null}
            {mode === "instagram" ? <InstagramOptions value={draft.instagram} set={patch("instagram")} /> : null}
            {mode === "youtube" ? <YoutubeOptions value={draft.youtube} set={patch("youtube")} /> : null}
            {mode === "facebook" ? <FacebookOptions value={draft.facebook} set={patch("facebook")} /> : null}
          </div>
        ) : null}

        <SchedulePicker when={when} zone={zone} onWhen={setWhen} onZone={setZone} />

        {publish.error ? (
          <Alert>
            {serverIssues.length > 1 ? (
              <ul className="list-inside list-disc">
                {serverIssues.map((i) => (
                  <li key={i.path + i.message}>{humanIssue(i)}</li>
                ))}
              </ul>
            ) : (
              <p>{errorMessage(publish.error)}</p>
            )}
          </Alert>
        ) : null}

        <div className="flex items-center gap-3">
          <Button type="submit" disabled={problems.length > 0 || publish.isPending}>
            {when.kind === "schedule"
              ? publish.isPending
                ? "Scheduling…"
                : "Schedule"
              : publish.isPending
                ? "Publishing…"
                : mode === "text"
                  ? "Publish now"
                  : "Publish"}
          </Button>
          {problems.length > 0 && draft.accountIds.length > 0 ? <span className="text-sm text-slate-600">{problems[0]}</span> : null}
        </div>
      </form>

      <aside className="space-y-4">
        {scheduled ? <ScheduleResults response={scheduled} zone={zone} /> : null}
        {response ? (
          <PublishResults response={response} />
        ) : scheduled ? null : (
          <p className="text-sm text-slate-500">Results appear here: links to text posts at once, media posts as their jobs finish.</p>
        )}
        <p className="text-xs text-slate-500">
          Every media post is tracked on the{" "}
          <Link href="/jobs" className="text-brand-700 underline">
            Jobs
          </Link>{" "}
          page.
        </p>
      </aside>
    </div>
  );
}

/** What stops the draft from being sent, as the user sees it; the server has the full rules. */
function localProblems(draft: Draft, mode: Mode, providers: ProviderName[]): string[] {
  const out: string[] = [];
  if (draft.accountIds.length === 0) out.push("Choose at least one account.");
  if (mode === "text") {
    if (draft.posts.some((p) => !p.trim())) out.push("Every post needs some text.");
    if (providers.includes("linkedin") && draft.posts.length > 1) out.push("LinkedIn takes a single post.");
    for (const p of ["x", "threads", "linkedin"] as const) {
      if (!providers.includes(p)) continue;
      const texts = p === "x" ? [removeLinks(draft.posts[0] ?? "").text, ...draft.posts.slice(1)] : draft.posts;
      if (texts.some((t) => isOver(p === "x" ? "x-weighted" : "characters", t, TEXT_LIMITS[p])))
        out.push(`A post is too long for ${p === "x" ? "X" : p === "threads" ? "Threads" : "LinkedIn"}.`);
    }
    if (providers.includes("x") && draft.posts[0]?.trim() && !removeLinks(draft.posts[0]).text)
      out.push("The first X post is empty once its links are removed.");
    return out;
  }
  if (draft.media.length === 0 && !(mode === "facebook" && draft.facebook.contentType === "FEED" && draft.facebook.message.trim()))
    out.push("Attach media from the library.");
  if (mode === "tiktok" && isOver("utf16", draft.posts[0] ?? "", 2200)) out.push("The caption is too long.");
  if (mode === "youtube" && !draft.youtube.title.trim()) out.push("Give the video a title.");
  return out;
}
