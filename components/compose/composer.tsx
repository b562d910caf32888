"use client";
// The composer: one composition to any mix of connected accounts, sent as one post group through
// posts.publishGroup, the same domain operation as POST /api/v1/post-groups, now or at a time.
// "All accounts" holds the shared content; each account's tab overrides it and sets its
// platform's options; the previews show per account what will be sent and what it would refuse
// (the server's own pure rules, target-checks.ts); the server checks everything again.
import { useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useMemo, useRef, useState } from "react";
import { providerLabels } from "@/components/accounts/provider-badge";
import { humanIssue, issuesOf } from "@/components/errors/human-errors";
import { commentPlatforms, noCommentPlaces, replyCommentPlatforms, threadPlatforms } from "@/components/labels/provider-words";
import { resolveWhen, SchedulePicker, type When } from "@/components/scheduling/schedule-picker";
import { noRepeat, RepeatOptions, repeatFields, type RepeatChoice } from "./repeat-options";
import { useTimeZone } from "@/components/scheduling/use-time-zone";
import { errorMessage, useTRPC } from "@/components/trpc";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { formatInZone } from "@/components/format/date-time";
import type { ProviderName } from "@/server/domain/accounts/providers";
import type { PostGroupAccepted } from "@/server/domain/post-groups/post-groups.schema";
import { clockTime, dayKey } from "@/server/domain/scheduling/wall-time";
import { AccountPicker } from "./account-picker";
import { AccountTab } from "./account-tab";
import { AccountTabList } from "./account-tab-list";
import { DraftsPanel } from "./drafts-panel";
import { CommentThread } from "@/components/comments/comment-thread";
import {
  effectiveOf,
  fromGroupBody,
  pickedFromLibrary,
  emptyComposition,
  targetOf,
  threadProviders,
  toGroupBody,
  toggleAccount,
  type Composition,
  type PickedMedia,
} from "./composition";
import { GroupResults } from "./group-results";
import { DEFAULT_INSTANCE_LIMITS, type InstanceLimits } from "./mastodon-preview";
import { MediaPicker } from "./media-picker";
import { PlatformPreview } from "./previews";
import { checkGroup, splitIssues } from "./target-checks";
import { ThreadEditor } from "./thread-editor";

export type ComposeParams = { at?: string; carousel?: string; as?: string; draft?: string };

export function Composer({ params = {} }: { params?: ComposeParams }) {
  const trpc = useTRPC();
  const accounts = useQuery(trpc.accounts.list.queryOptions());
  const [composition, setComposition] = useState<Composition>(emptyComposition);
  const [tab, setTab] = useState<string>("all");
  const [accepted, setAccepted] = useState<{ group: PostGroupAccepted; scheduledAt: string | null; queued: boolean } | null>(null);
  const [zone, setZone] = useTimeZone();
  // ?at= (from the calendar) prefills "Schedule" at that instant, in the zone the user plans in
  const validAt = params.at && !Number.isNaN(Date.parse(params.at)) ? params.at : null;
  const [chosenWhen, setWhen] = useState<When | null>(null);
  const [repeat, setRepeat] = useState<RepeatChoice>(noRepeat);
  const when: When = chosenWhen ?? (validAt ? { kind: "schedule", date: dayKey(validAt, zone), time: clockTime(validAt, zone) } : { kind: "now" });
  // One requestId per distinct body: a retry of the same input reuses it (so a lost answer never
  // makes a second group); any change of input gets a new one.
  const lastRequest = useRef<{ body: string; requestId: string; accountIds: string[] } | null>(null);
  const publishGroup = useMutation(trpc.posts.publishGroup.mutationOptions());
  // a contributor's posts (or everyone's, where the workspace requires it) wait for approval
  const workspaces = useQuery(trpc.workspaces.list.queryOptions());
  const approvalSettings = useQuery(trpc.approvals.settings.queryOptions());
  const waitsForApproval =
    (workspaces.data !== undefined && !workspaces.data.permissions.includes("content.publish")) || approvalSettings.data?.approvalRequired === true;
  const queryClient = useQueryClient();
  const [draftId, setDraftId] = useState<string | null>(params.draft ?? null);
  const [draftSaved, setDraftSaved] = useState<string | null>(null);
  const saveDraft = useMutation(
    trpc.drafts.save.mutationOptions({
      onSuccess: (d, input) => {
        setDraftId(d.draftId);
        setDraftSaved(JSON.stringify(input.composition));
        void queryClient.invalidateQueries({ queryKey: trpc.drafts.list.queryKey() });
      },
    }),
  );
  const deleteDraft = useMutation(
    trpc.drafts.delete.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.drafts.list.queryKey() }) }),
  );
  const resolvedWhen = resolveWhen(when, zone);

  const listed = useMemo(() => accounts.data ?? [], [accounts.data]);
  const accountOf = (id: string) => listed.find((a) => a.accountId === id);
  const providerOf = (id: string): ProviderName | undefined => accountOf(id)?.provider;
  const chosen = composition.accountIds.filter((id) => accountOf(id));
  const providers = chosen.map((id) => providerOf(id)!);
  // the shared text's Mastodon counter: the smallest limit among the chosen accounts' instances
  const strictestMastodonLimits = chosen
    .map((id) => accountOf(id))
    .filter((a) => a?.provider === "mastodon")
    .map((a) => a!.instanceLimits ?? DEFAULT_INSTANCE_LIMITS)
    .reduce<InstanceLimits | undefined>((min, l) => (!min || l.maxCharacters < min.maxCharacters ? l : min), undefined);

  // ?carousel=<id>&as=instagram|linkedin: the carousel's slides, in order, as the post's media
  // (Instagram FEED) or as a LinkedIn document
  const carousel = useQuery({ ...trpc.carousels.editor.queryOptions({ carouselId: params.carousel ?? "" }), enabled: !!params.carousel });
  const carouselApplied = useRef(false);
  useEffect(() => {
    const c = carousel.data?.carousel;
    if (carouselApplied.current || !c || !accounts.data) return;
    carouselApplied.current = true;
    const as = params.as === "linkedin" ? "linkedin" : "instagram";
    const account = accounts.data.find((a) => a.provider === as && a.capabilities.publishPosts);
    setComposition((prev) => {
      let next: Composition = { ...prev, content: { ...prev.content, text: prev.content.text || c.caption } };
      if (as === "instagram")
        next.content.media = c.images.map((img, i): PickedMedia => ({
          mediaId: img.mediaId,
          mediaType: "IMAGE",
          fileName: `Slide ${i + 1}`,
          url: img.url,
          mimeType: "image/jpeg",
          width: img.width,
          height: img.height,
        }));
      if (account) {
        if (!next.accountIds.includes(account.accountId)) next = toggleAccount(next, account.accountId);
        const t = targetOf(next, account.accountId);
        next.targets = {
          ...next.targets,
          [account.accountId]: as === "instagram" ? { ...t, instagram: { ...t.instagram, contentType: "FEED" } } : { ...t, linkedinCarouselId: c.carouselId },
        };
      }
      return next;
    });
  }, [carousel.data, accounts.data, params.as]);
  const carouselDoc =
    carousel.data && params.carousel
      ? { carouselId: carousel.data.carousel.carouselId, slides: carousel.data.carousel.images.length, firstSlideUrl: carousel.data.carousel.images[0]?.url }
      : null;

  // ?draft=<id>: the saved composition back in the composer, its media described by the library
  const draft = useQuery({ ...trpc.drafts.get.queryOptions({ id: params.draft ?? "" }), enabled: !!params.draft, retry: false });
  const images = useQuery({ ...trpc.media.list.queryOptions({ mediaType: "IMAGE", limit: 100, offset: 0 }), enabled: !!params.draft });
  const videos = useQuery({ ...trpc.media.list.queryOptions({ mediaType: "VIDEO", limit: 100, offset: 0 }), enabled: !!params.draft });
  const draftApplied = useRef(false);
  useEffect(() => {
    const d = draft.data;
    if (draftApplied.current || !d || !accounts.data || !images.data || !videos.data) return;
    draftApplied.current = true;
    const library = new Map<string, PickedMedia>([...images.data.media, ...videos.data.media].map((m) => [m.mediaId, pickedFromLibrary(m)]));
    const known = new Map(accounts.data.map((a) => [a.accountId, a.provider]));
    setComposition(
      fromGroupBody(
        d.composition,
        (id) => known.get(id),
        (id) => library.get(id),
      ),
    );
    if (d.scheduledAt) setWhen({ kind: "schedule", date: dayKey(d.scheduledAt, zone), time: clockTime(d.scheduledAt, zone) });
  }, [draft.data, accounts.data, images.data, videos.data, zone]);

  // every media item the composition names, as the library described it when it was picked
  const mediaById = useMemo(() => {
    const all = [composition.content.media, ...Object.values(composition.targets).map((t) => t.overrides.media ?? [])].flat();
    return new Map(all.map((m) => [m.mediaId, m]));
  }, [composition]);

  const body = toGroupBody({ ...composition, accountIds: chosen }, providerOf);
  const at = when.kind === "schedule" && resolvedWhen ? { scheduledAt: resolvedWhen.iso, timezone: zone } : null;
  const again = when.kind === "queue" ? { ...repeatFields({ ...repeat, every: "none" }) } : repeatFields(repeat);
  // a rule's times are wall-clock times in the chosen zone, also when it starts now
  const fullBody = { ...body, ...at, ...(when.kind === "queue" ? { queue: true as const } : {}), ...again, ...(again.repeat ? { timezone: zone } : {}) };
  // "Add to queue": each chosen account's next free slot, or why it has none
  const nextSlots = useQueries({ queries: chosen.map((accountId) => trpc.queue.nextSlot.queryOptions({ accountId })) });
  const withoutSlots = chosen.filter((_, i) => nextSlots[i]?.data && nextSlots[i].data.slotAt === null);
  const queueBlocked = withoutSlots.length
    ? `${withoutSlots.map((id) => `${providerLabels[providerOf(id)!]} @${accountOf(id)!.username}`).join(", ")} ${withoutSlots.length === 1 ? "has" : "have"} no posting slots yet, so ${withoutSlots.length === 1 ? "it" : "they"} cannot be queued: set slots on the Queue page, or leave ${withoutSlots.length === 1 ? "it" : "them"} out.`
    : null;
  const bodyKey = JSON.stringify(fullBody);
  const checks = checkGroup(body, providerOf, (id) => mediaById.get(id));
  // the server's 422, shown under the accounts it names while the input is the one it judged
  const sent = lastRequest.current;
  const server = sent && sent.body === bodyKey ? splitIssues(issuesOf(publishGroup.error), sent.accountIds.length) : null;
  const problemsOf = (accountId: string): string[] => {
    const i = chosen.indexOf(accountId);
    const local = (checks.byTarget[i] ?? []).map(humanIssue);
    const j = sent?.accountIds.indexOf(accountId) ?? -1;
    const remote = server && j >= 0 ? (server.byTarget[j] ?? []).map(humanIssue) : [];
    return [...new Set([...local, ...remote])];
  };
  const notesOf = (accountId: string, provider: ProviderName): string[] => {
    const c = effectiveOf(composition, accountId, provider);
    const t = targetOf(composition, accountId);
    const notes: string[] = [];
    const shared = composition.content;
    if (!threadProviders.includes(provider) && shared.thread.length && t.overrides.text === undefined)
      notes.push(`Only the first post is sent: the thread's replies go to ${threadPlatforms}.`);
    if (shared.firstComment.trim() && !c.firstCommentSent && t.overrides.firstComment === undefined)
      notes.push("No first comment here: this platform or content type takes none.");
    if (provider === "facebook" && c.media.some((m) => m.altText?.trim())) notes.push("Facebook takes no alt text: it is not sent.");
    return notes;
  };

  const generalProblems: string[] = [];
  if (chosen.length === 0) generalProblems.push("Choose at least one account.");
  if (when.kind === "queue" && queueBlocked) generalProblems.push(queueBlocked);
  if (when.kind === "schedule" && (!resolvedWhen || Date.parse(resolvedWhen.iso) <= Date.now())) generalProblems.push("Choose a time in the future.");
  generalProblems.push(...checks.general.map(humanIssue));
  const blocked = generalProblems.length > 0 || chosen.some((id) => problemsOf(id).length > 0);

  // Where focus goes when a submit ends with the button disabled under it (never the page itself):
  // the results on success (GroupResults takes it), the messages on failure.
  const messages = useRef<HTMLDivElement>(null);
  const submit = async () => {
    if (publishGroup.isPending) return;
    setAccepted(null);
    const requestId = lastRequest.current?.body === bodyKey ? lastRequest.current.requestId : crypto.randomUUID();
    lastRequest.current = { body: bodyKey, requestId, accountIds: body.targets.map((t) => t.accountId) };
    const result = await publishGroup.mutateAsync({ ...fullBody, requestId }).catch(() => null);
    if (!result) {
      requestAnimationFrame(() => {
        if (!document.activeElement || document.activeElement === document.body) messages.current?.focus();
      });
      return;
    }
    lastRequest.current = null;
    const { postGroupId, targets, approval } = result;
    setAccepted({ group: { postGroupId, targets, ...(approval ? { approval } : {}) }, scheduledAt: at?.scheduledAt ?? null, queued: when.kind === "queue" });
    if (when.kind === "queue") void queryClient.invalidateQueries({ queryKey: trpc.queue.pathKey() });
    // a draft that became a post group is done with
    if (draftId) {
      deleteDraft.mutate({ id: draftId });
      setDraftId(null);
      setDraftSaved(null);
    }
    // Done: a clean composer, as Buffer and Typefully leave it. Accounts kept without content would
    // turn every preview red beside "N of N published"; the results stay in the side panel.
    setComposition(emptyComposition);
    setWhen({ kind: "now" });
    setRepeat(noRepeat);
    setTab("all");
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

  const tabs = [
    { id: "all", label: "All accounts", problems: 0 },
    ...chosen.map((id) => ({ id, label: `${providerLabels[providerOf(id)!]} @${accountOf(id)!.username}`, problems: problemsOf(id).length })),
  ];
  const activeTab = tabs.some((t) => t.id === tab) ? tab : "all";
  const setContent = (patch: Partial<Composition["content"]>) => setComposition((c) => ({ ...c, content: { ...c.content, ...patch } }));
  const threadable = providers.some((p) => threadProviders.includes(p));
  const anyComment = chosen.some(
    (id) => effectiveOf({ ...composition, content: { ...composition.content, firstComment: "x" } }, id, providerOf(id)!).firstCommentSent,
  );
  const otherError =
    publishGroup.error && !server?.byTarget.some((l) => l.length)
      ? server?.general.length
        ? server.general.map(humanIssue).join(" ")
        : errorMessage(publishGroup.error)
      : null;

  return (
    <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <form
        className="min-w-0 space-y-5"
        aria-label="Compose"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <AccountPicker accounts={listed} selected={chosen} onToggle={(id) => setComposition((c) => toggleAccount(c, id))} />

        <div>
          <AccountTabList tabs={tabs} active={activeTab} onSelect={setTab} />
          <div role="tabpanel" id="compose-panel" aria-labelledby={`tab-${activeTab}`} className="pt-4">
            {activeTab === "all" ? (
              <div className="space-y-4">
                <ThreadEditor
                  posts={[composition.content.text, ...composition.content.thread]}
                  providers={providers}
                  threadable={threadable}
                  mastodonLimits={strictestMastodonLimits}
                  onChange={([text = "", ...thread]) => setContent({ text, thread })}
                />
                {threadable && providers.some((p) => !threadProviders.includes(p)) ? (
                  <p className="text-xs text-slate-500">Replies of the thread go to {threadPlatforms}; the other accounts take the first post.</p>
                ) : null}
                <div className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
                  <MediaPicker picked={composition.content.media} types={["IMAGE", "VIDEO"]} max={20} altText onChange={(media) => setContent({ media })} />
                </div>
                <label className="block rounded-lg bg-white p-4 text-sm font-medium text-slate-700 ring-1 ring-slate-200">
                  First comment
                  <span className="block text-xs font-normal text-slate-500">
                    Posted right after the post: a reply on {replyCommentPlatforms}, a comment on {commentPlatforms}. Not on {noCommentPlaces}.
                  </span>
                  <textarea
                    value={composition.content.firstComment}
                    rows={2}
                    disabled={chosen.length > 0 && !anyComment}
                    onChange={(e) => setContent({ firstComment: e.target.value })}
                    className="mt-1 block w-full rounded-md border-0 px-3 py-2 text-sm font-normal ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-500"
                  />
                </label>
              </div>
            ) : (
              <AccountTab
                key={activeTab}
                accountId={activeTab}
                provider={providerOf(activeTab)!}
                composition={composition}
                target={targetOf(composition, activeTab)}
                problems={problemsOf(activeTab)}
                instanceLimits={accountOf(activeTab)?.instanceLimits ?? undefined}
                onTarget={(next) => setComposition((c) => ({ ...c, targets: { ...c.targets, [activeTab]: next } }))}
              />
            )}
          </div>
        </div>

        <SchedulePicker
          when={when}
          zone={zone}
          onWhen={setWhen}
          onZone={setZone}
          queue={{
            blocked: queueBlocked,
            details: chosen.length ? (
              <ul className="space-y-1 text-sm text-slate-600" aria-label="Next free slots" data-testid="next-slots">
                {chosen.map((id, i) => {
                  const slotAt = nextSlots[i]?.data?.slotAt;
                  return (
                    <li key={id}>
                      {providerLabels[providerOf(id)!]} @{accountOf(id)!.username}:{" "}
                      {slotAt ? `next free slot ${formatInZone(slotAt, zone)}` : slotAt === null ? "no posting slots" : "…"}
                    </li>
                  );
                })}
              </ul>
            ) : (
              <p className="text-sm text-slate-600">Each account takes its next free posting slot.</p>
            ),
          }}
        />

        <RepeatOptions choice={repeat} onChoice={setRepeat} queued={when.kind === "queue"} />

        <div ref={messages} tabIndex={-1} className="space-y-3 empty:hidden" data-testid="compose-messages">
          {otherError ? <Alert>{otherError}</Alert> : null}
          {saveDraft.error ? <Alert>{errorMessage(saveDraft.error)}</Alert> : null}
          {draft.error ? <Alert>This draft could not be opened: {errorMessage(draft.error)}</Alert> : null}
          {server?.byTarget.some((l) => l.length) ? <Alert>Some accounts refused the post: see the marked tabs and previews.</Alert> : null}
        </div>

        <div className="flex flex-wrap items-center gap-3">
          {/* aria-disabled while sending: a disabled button would drop the focus it holds */}
          <Button type="submit" disabled={blocked} aria-disabled={publishGroup.isPending || undefined}>
            {waitsForApproval
              ? publishGroup.isPending
                ? "Submitting…"
                : "Submit for approval"
              : when.kind === "queue"
                ? publishGroup.isPending
                  ? "Adding…"
                  : "Add to queue"
                : when.kind === "schedule"
                  ? publishGroup.isPending
                    ? "Scheduling…"
                    : "Schedule"
                  : publishGroup.isPending
                    ? "Publishing…"
                    : "Publish now"}
          </Button>
          <Button
            variant="secondary"
            aria-disabled={saveDraft.isPending || undefined}
            onClick={() => {
              if (!saveDraft.isPending) saveDraft.mutate({ ...(draftId ? { id: draftId } : {}), composition: fullBody });
            }}
          >
            {saveDraft.isPending ? "Saving…" : "Save draft"}
          </Button>
          {waitsForApproval ? (
            <p className="text-sm text-slate-600">Your posts wait for an editor’s approval before anything is scheduled or published.</p>
          ) : null}
          {draftSaved === bodyKey && !saveDraft.isPending ? (
            <span role="status" className="text-sm text-emerald-700">
              Draft saved
            </span>
          ) : null}
          {generalProblems.length > 0 && chosen.length > 0 ? <span className="text-sm text-slate-600">{generalProblems[0]}</span> : null}
          {generalProblems.length === 0 && blocked ? <span className="text-sm text-slate-600">Some accounts need changes: see their previews.</span> : null}
        </div>
      </form>

      <aside className="min-w-0 space-y-4" aria-label="Previews and results">
        {accepted ? <GroupResults accepted={accepted.group} scheduledAt={accepted.scheduledAt} queued={accepted.queued} zone={zone} /> : null}
        {chosen.length ? (
          <section aria-label="Previews" className="space-y-3">
            <h2 className="text-sm font-semibold">What each account receives</h2>
            {chosen.map((id) => {
              const a = accountOf(id)!;
              const t = targetOf(composition, id);
              return (
                <PlatformPreview
                  key={id}
                  provider={a.provider}
                  username={a.username}
                  displayName={a.displayName}
                  content={effectiveOf(composition, id, a.provider)}
                  target={t}
                  document={a.provider === "linkedin" && t.linkedinCarouselId && carouselDoc ? carouselDoc : undefined}
                  instanceLimits={a.instanceLimits ?? undefined}
                  problems={problemsOf(id)}
                  notes={notesOf(id, a.provider)}
                  onOpen={() => setTab(id)}
                />
              );
            })}
          </section>
        ) : accepted ? null : (
          <p className="text-sm text-slate-500">Choose accounts: a preview of each post appears here as you write.</p>
        )}
        {draftId ? <CommentThread key={draftId} target={{ draftId }} className="rounded-lg bg-white p-4 ring-1 ring-slate-200" /> : null}
        <DraftsPanel openDraftId={draftId} />
      </aside>
    </div>
  );
}
