"use client";
// One post of the calendar: its kind, what, where, when (in the planning zone), its outcome; while
// it has not started, new words (Edit), a new time (same daylight-saving rules as the composer) or
// cancellation. A post of a composition sent to several accounts also moves or cancels with all
// of them (issue 47): POST /api/v1/post-groups/{id}/move and /cancel through tRPC.
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { providerLabels } from "@/components/accounts/provider-badge";
import { usePermission } from "@/components/access/use-permission";
import { statusHelp } from "@/components/jobs/job-status";
import { ShareForReview } from "@/components/review-links/share-for-review";
import { resolveWhen } from "@/components/scheduling/schedule-picker";
import { formatInZone, timeInZone } from "@/components/format/date-time";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage, useTRPC } from "@/components/trpc";
import { entryLabel } from "./entry-chip";
import type { CalendarEntry } from "@/server/domain/scheduling/calendar-entries";
import { dayKey } from "@/server/domain/scheduling/wall-time";
import { PostLink } from "@/components/ui/post-link";
import { CommentThread } from "@/components/comments/comment-thread";

export function EntryDetail({ entry, zone, onChanged, onClose }: { entry: CalendarEntry; zone: string; onChanged: () => void; onClose: () => void }) {
  const trpc = useTRPC();
  const [date, setDate] = useState(dayKey(entry.at, zone));
  const [time, setTime] = useState(timeInZone(entry.at, zone));
  const [confirming, setConfirming] = useState<"one" | "all" | null>(null);
  const move = useMutation(
    trpc.schedules.move.mutationOptions({
      onSuccess: (_, input) => {
        toast.success(`Moved to ${formatInZone(input.scheduledAt, input.timezone ?? zone)}`);
        onChanged();
      },
    }),
  );
  const cancel = useMutation(
    trpc.schedules.cancel.mutationOptions({
      onSuccess: () => {
        toast.success("Post canceled: it will not be published");
        onChanged();
      },
    }),
  );
  const unchanged = (targets: { changed: boolean }[]) => {
    const left = targets.filter((t) => !t.changed).length;
    return left ? `; ${left} had started or finished and stay as they are` : "";
  };
  const moveGroup = useMutation(
    trpc.schedules.moveGroup.mutationOptions({
      onSuccess: (d, input) => {
        toast.success(`Moved ${d.moved} ${d.moved === 1 ? "post" : "posts"} to ${formatInZone(d.scheduledAt, input.timezone ?? zone)}${unchanged(d.targets)}`);
        onChanged();
      },
    }),
  );
  const cancelGroup = useMutation(
    trpc.schedules.cancelGroup.mutationOptions({
      onSuccess: (d) => {
        toast.success(`Canceled ${d.canceled} ${d.canceled === 1 ? "post" : "posts"}: they will not be published${unchanged(d.targets)}`);
        setConfirming(null);
        onChanged();
      },
    }),
  );
  // editing, moving and canceling are content.publish: other roles see the post only
  const canChange = usePermission("content.publish") !== false;
  const resolved = resolveWhen({ kind: "schedule", date, time }, zone);
  const error = move.error ?? cancel.error ?? moveGroup.error ?? cancelGroup.error;
  // a recurring group's occurrences are a composition too, even on one account
  const group = entry.group && (entry.group.targets > 1 || entry.recurring) ? entry.group : null;
  const movable = canChange && (entry.movable || (group?.movable ?? 0) > 0);
  const cancellable = canChange && (entry.cancellable || (group?.cancellable ?? 0) > 0);
  const provider = entry.provider;
  // On a phone the panel is below the calendar: bring it into view when a post is opened.
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.scrollIntoView({ block: "nearest" });
  }, []);

  return (
    <section ref={panel} aria-label="Post" className="space-y-3 rounded-lg bg-white p-4 text-sm ring-1 ring-slate-200">
      <div className="flex items-start justify-between gap-2">
        <h2 className="font-semibold">
          <span className="mr-1 text-xs font-semibold uppercase tracking-wide text-slate-600" data-testid="detail-status">
            {entryLabel(entry)}
          </span>
          {provider ? providerLabels[provider] : ""} · @{entry.username}
        </h2>
        <button type="button" onClick={onClose} aria-label="Close" className="text-slate-500 hover:text-slate-800">
          ×
        </button>
      </div>
      {entry.recurring && group ? (
        <p className="text-slate-600" data-testid="series-note">
          One occurrence of a repeating post; {group.cancellable} {group.cancellable === 1 ? "occurrence waits" : "occurrences wait"}. Edit or cancel this one
          alone, or the series below.
        </p>
      ) : group ? (
        <p className="text-slate-600" data-testid="composition-note">
          One of {group.targets} posts of the same composition; {group.movable === 0 ? "none" : group.movable} still {group.movable === 1 ? "waits" : "wait"}{" "}
          for {group.movable === 1 ? "its" : "their"} time.
        </p>
      ) : null}
      {entry.status && statusHelp[entry.status] ? <p className="text-slate-600">{statusHelp[entry.status]}</p> : null}
      {entry.title ? <p className="font-medium">{entry.title}</p> : null}
      <p className="whitespace-pre-wrap break-words" data-testid="entry-text">
        {entry.text || entry.summary || "(no text)"}
      </p>
      {canChange && entry.editable ? <EditText entry={entry} onChanged={onChanged} /> : null}
      {entry.group ? <ShareForReview postGroupIds={[entry.group.postGroupId]} /> : null}
      {canChange && group && (entry.recurring || entry.evergreen) ? (
        <SeriesActions postGroupId={group.postGroupId} entry={entry} onChanged={onChanged} />
      ) : null}
      {entry.kind === "scheduled" && provider === "instagram" && entry.cancellable ? (
        <p className="text-slate-600">An Instagram schedule&apos;s content is fixed once accepted: change its time or cancel it.</p>
      ) : null}
      <p className="text-slate-600">
        {entry.kind !== "scheduled" ? "Published" : entry.status === "scheduled" ? "Scheduled for" : "Planned for"} {formatInZone(entry.at, zone)}
        {entry.timezone && entry.timezone !== zone ? ` (chosen in ${entry.timezone})` : ""}
      </p>
      {entry.startedLateMs !== null && entry.startedLateMs >= 1000 ? (
        <p className="text-amber-800">Started {Math.round(entry.startedLateMs / 1000)} s after its time.</p>
      ) : null}
      {entry.error ? (
        <p className="text-red-700">
          {entry.error.code}: {entry.error.message}
        </p>
      ) : null}
      {entry.permalink && provider ? <PostLink permalink={entry.permalink} sandboxUrl={entry.sandboxUrl} provider={provider} /> : null}
      {error ? <Alert>{errorMessage(error)}</Alert> : null}
      {movable ? (
        <form
          className="flex flex-wrap items-end gap-2 border-t border-slate-100 pt-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (!resolved) return;
            const all = (e.nativeEvent as SubmitEvent).submitter?.getAttribute("value") === "all";
            if (all && group) moveGroup.mutate({ postGroupId: group.postGroupId, scheduledAt: resolved.iso, timezone: zone });
            else move.mutate({ scheduledPostId: entry.scheduledPostId!, scheduledAt: resolved.iso, timezone: zone });
          }}
        >
          <label>
            <span className="block text-slate-600">Date</span>
            <input
              type="date"
              aria-label="New date"
              value={date}
              onChange={(e) => setDate(e.target.value)}
              className="rounded-md border-0 py-1 text-sm ring-1 ring-inset ring-slate-300"
            />
          </label>
          <label>
            <span className="block text-slate-600">Time</span>
            <input
              type="time"
              aria-label="New time"
              value={time}
              onChange={(e) => setTime(e.target.value)}
              className="rounded-md border-0 py-1 text-sm ring-1 ring-inset ring-slate-300"
            />
          </label>
          {entry.movable ? (
            <Button type="submit" variant="secondary" disabled={!resolved || move.isPending}>
              Change time
            </Button>
          ) : null}
          {group && group.movable > 0 ? (
            <Button type="submit" name="scope" value="all" variant="secondary" disabled={!resolved || moveGroup.isPending}>
              Move all {group.movable}
            </Button>
          ) : null}
          {resolved?.note ? <p className="w-full text-amber-800">{resolved.note}</p> : null}
        </form>
      ) : null}
      {cancellable ? (
        confirming ? (
          <div className="flex flex-wrap items-center gap-2">
            <span>
              {confirming === "all"
                ? entry.recurring
                  ? `End the series? Its ${group?.cancellable} waiting occurrences are canceled and no more are added.`
                  : `Cancel the ${group?.cancellable} posts of this composition that have not started?`
                : entry.recurring
                  ? "Skip this occurrence? The series goes on."
                  : "Cancel this post?"}
            </span>
            <Button
              variant="danger"
              onClick={() =>
                confirming === "all"
                  ? group && cancelGroup.mutate({ postGroupId: group.postGroupId })
                  : provider && cancel.mutate({ scheduledPostId: entry.scheduledPostId!, platform: provider })
              }
              disabled={cancel.isPending || cancelGroup.isPending}
            >
              {confirming === "all" ? "Yes, cancel them" : "Yes, cancel it"}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(null)}>
              {confirming === "all" ? "Keep them" : "Keep it"}
            </Button>
          </div>
        ) : (
          <div className="flex flex-wrap gap-2">
            {entry.cancellable ? (
              <Button variant="danger" onClick={() => setConfirming("one")}>
                {entry.recurring ? "Skip this occurrence" : "Cancel post"}
              </Button>
            ) : null}
            {group && group.cancellable > 0 ? (
              <Button variant="danger" onClick={() => setConfirming("all")}>
                {entry.recurring ? "End the series" : `Cancel all ${group.cancellable}`}
              </Button>
            ) : null}
          </div>
        )
      ) : null}
      {entry.group ? <CommentThread target={{ postGroupId: entry.group.postGroupId }} /> : null}
    </section>
  );
}

/** The words of a scheduled post that has not started, edited in place (not instagram's). */
function EditText({ entry, onChanged }: { entry: CalendarEntry; onChanged: () => void }) {
  const trpc = useTRPC();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(entry.text);
  const [title, setTitle] = useState(entry.title ?? "");
  const edit = useMutation(
    trpc.schedules.edit.mutationOptions({
      onSuccess: () => {
        toast.success("Post updated: the new text will be published");
        setEditing(false);
        onChanged();
      },
    }),
  );
  const isYoutube = entry.provider === "youtube";
  const label =
    entry.provider === "youtube" ? "Description" : entry.provider === "facebook" ? "Message" : entry.provider === "tiktok" ? "Caption" : "Post text";
  if (!editing) {
    return (
      <Button variant="secondary" onClick={() => setEditing(true)}>
        Edit text
      </Button>
    );
  }
  return (
    <form
      className="space-y-2 border-t border-slate-100 pt-3"
      aria-label="Edit the post"
      onSubmit={(e) => {
        e.preventDefault();
        edit.mutate({ scheduledPostId: entry.scheduledPostId!, edit: { text, ...(isYoutube ? { title } : {}) } });
      }}
    >
      {isYoutube ? (
        <label className="block">
          <span className="block text-slate-600">Title</span>
          <input
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            className="mt-1 block w-full rounded-md border-0 py-1 text-sm ring-1 ring-inset ring-slate-300"
          />
        </label>
      ) : null}
      <label className="block">
        <span className="block text-slate-600">{label}</span>
        <textarea
          value={text}
          rows={5}
          onChange={(e) => setText(e.target.value)}
          data-testid="edit-text"
          className="mt-1 block w-full rounded-md border-0 py-1 text-sm ring-1 ring-inset ring-slate-300"
        />
      </label>
      {edit.error ? <Alert>{errorMessage(edit.error)}</Alert> : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={edit.isPending}>
          Save text
        </Button>
        <Button variant="ghost" onClick={() => setEditing(false)}>
          Discard
        </Button>
      </div>
    </form>
  );
}

/** A recurring or evergreen group as a whole: new words for the later posts, or the evergreen mark off (PATCH /api/v1/post-groups/{id}). */
function SeriesActions({ postGroupId, entry, onChanged }: { postGroupId: string; entry: CalendarEntry; onChanged: () => void }) {
  const trpc = useTRPC();
  const [text, setText] = useState(entry.text);
  const editGroup = useMutation(
    trpc.schedules.editGroup.mutationOptions({
      onSuccess: (_, input) => {
        toast.success(input.evergreen === false ? "It will not come back as evergreen" : "The later posts will publish the new words");
        onChanged();
      },
    }),
  );
  return (
    <div className="space-y-2 border-t border-slate-200 pt-3" data-testid="series-actions">
      {entry.recurring ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            editGroup.mutate({ postGroupId, text });
          }}
          className="space-y-2"
        >
          <label className="block">
            <span className="block text-slate-600">Words of every later occurrence (those edited alone keep theirs)</span>
            <textarea
              value={text}
              onChange={(e) => setText(e.target.value)}
              rows={3}
              className="mt-1 w-full rounded-md border-0 text-sm ring-1 ring-inset ring-slate-300"
            />
          </label>
          <Button type="submit" variant="secondary" aria-disabled={editGroup.isPending || undefined}>
            Edit the series
          </Button>
        </form>
      ) : null}
      {entry.evergreen ? (
        <Button variant="secondary" onClick={() => editGroup.mutate({ postGroupId, evergreen: false })} aria-disabled={editGroup.isPending || undefined}>
          Stop it coming back (evergreen off)
        </Button>
      ) : null}
      {editGroup.error ? <Alert>{errorMessage(editGroup.error)}</Alert> : null}
    </div>
  );
}
