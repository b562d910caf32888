"use client";
// One post of the calendar: its kind, what, where, when (in the planning zone), its outcome; while
// it has not started, new words (Edit), a new time (same daylight-saving rules as the composer) or
// cancellation.
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { providerLabels } from "@/components/accounts/provider-badge";
import { JobStatusBadge, statusHelp } from "@/components/jobs/job-status";
import { resolveWhen } from "@/components/scheduling/schedule-picker";
import { formatInZone, timeInZone } from "@/components/format/date-time";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage, useTRPC } from "@/components/trpc";
import { kindLabel } from "./entry-chip";
import type { CalendarEntry } from "@/server/domain/scheduling/calendar-entries";
import { dayKey } from "@/server/domain/scheduling/wall-time";

export function EntryDetail({ entry, zone, onChanged, onClose }: { entry: CalendarEntry; zone: string; onChanged: () => void; onClose: () => void }) {
  const trpc = useTRPC();
  const [date, setDate] = useState(dayKey(entry.at, zone));
  const [time, setTime] = useState(timeInZone(entry.at, zone));
  const [confirming, setConfirming] = useState(false);
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
  const resolved = resolveWhen({ kind: "schedule", date, time }, zone);
  const error = move.error ?? cancel.error;
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
          <span className="mr-1 text-xs font-semibold uppercase tracking-wide text-slate-600">{kindLabel(entry)}</span>
          {provider ? providerLabels[provider] : ""} · @{entry.username}
        </h2>
        <button type="button" onClick={onClose} aria-label="Close" className="text-slate-500 hover:text-slate-800">
          ×
        </button>
      </div>
      {entry.status ? <JobStatusBadge status={entry.status} /> : null}
      {entry.status && statusHelp[entry.status] ? <p className="text-slate-600">{statusHelp[entry.status]}</p> : null}
      {entry.title ? <p className="font-medium">{entry.title}</p> : null}
      <p className="whitespace-pre-wrap break-words" data-testid="entry-text">
        {entry.text || entry.summary || "(no text)"}
      </p>
      {entry.editable ? <EditText entry={entry} onChanged={onChanged} /> : null}
      {entry.kind === "scheduled" && provider === "instagram" && entry.cancellable ? (
        <p className="text-slate-600">An Instagram schedule&apos;s content is fixed once accepted: change its time or cancel it.</p>
      ) : null}
      <p className="text-slate-600">
        {entry.kind === "scheduled" ? "Scheduled for" : "Published"} {formatInZone(entry.at, zone)}
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
      {entry.permalink ? (
        <a href={entry.permalink} target="_blank" rel="noreferrer" className="text-brand-700 hover:underline">
          View on {provider ? providerLabels[provider] : "the platform"}
        </a>
      ) : null}
      {error ? <Alert>{errorMessage(error)}</Alert> : null}
      {entry.movable ? (
        <form
          className="flex flex-wrap items-end gap-2 border-t border-slate-100 pt-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (resolved) move.mutate({ scheduledPostId: entry.scheduledPostId!, scheduledAt: resolved.iso, timezone: zone });
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
          <Button type="submit" variant="secondary" disabled={!resolved || move.isPending}>
            Change time
          </Button>
          {resolved?.note ? <p className="w-full text-amber-800">{resolved.note}</p> : null}
        </form>
      ) : null}
      {entry.cancellable ? (
        confirming ? (
          <div className="flex items-center gap-2">
            <span>Cancel this post?</span>
            <Button
              variant="danger"
              onClick={() => provider && cancel.mutate({ scheduledPostId: entry.scheduledPostId!, platform: provider })}
              disabled={cancel.isPending}
            >
              Yes, cancel it
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </div>
        ) : (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Cancel post
          </Button>
        )
      ) : null}
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
