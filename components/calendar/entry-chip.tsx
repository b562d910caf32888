"use client";
// One entry in a calendar cell: its kind in words (Scheduled, Published, Draft, Awaiting approval),
// its time, where and what. A draft opens in the composer; the others open in the side panel.
import Link from "next/link";
import { providerLabels } from "@/components/accounts/provider-badge";
import { timeInZone } from "@/components/format/date-time";
import type { CalendarEntry, CalendarKind } from "@/server/domain/scheduling/calendar-entries";
import { draftHref } from "./calendar-links";

export const kindLabels: Record<CalendarKind, string> = {
  scheduled: "Scheduled",
  published: "Published",
  draft: "Draft",
  pending_approval: "Awaiting approval",
};

/**
 * The one word an entry shows (issue 47): its kind while that is the whole truth, else what
 * became of it. A scheduled post that failed or was canceled is not "Scheduled" any more.
 */
export function entryLabel(e: CalendarEntry): string {
  switch (e.status) {
    case null:
    case "scheduled":
      return kindLabels[e.kind];
    case "queued":
    case "processing":
      return "Publishing";
    case "published":
      return "Published";
    case "failed":
      return "Failed";
    case "canceled":
      return "Canceled";
    case "unknown":
      return "Outcome unknown";
  }
}

const labelStyles: Record<string, string> = {
  Scheduled: "bg-brand-50 ring-1 ring-brand-500/40",
  Publishing: "bg-amber-50 ring-1 ring-amber-200",
  Published: "bg-emerald-50 ring-1 ring-emerald-200",
  Failed: "bg-red-50 ring-1 ring-red-200",
  Canceled: "bg-slate-100 ring-1 ring-slate-200 text-slate-600",
  "Outcome unknown": "bg-orange-50 ring-1 ring-orange-200",
  Draft: "bg-white border border-dashed border-amber-300",
  // no job yet: dashed like a draft, in its own colour, and labelled in words
  "Awaiting approval": "bg-violet-50 border border-dashed border-violet-400",
};

export function entryPlace(e: CalendarEntry): string {
  if (e.kind === "draft" || e.kind === "pending_approval")
    return e.targets.length ? e.targets.map((t) => providerLabels[t.provider]).join(", ") : "No accounts yet";
  return e.provider ? providerLabels[e.provider] : "";
}

export function EntryChip({ entry: e, zone, selected, onOpen }: { entry: CalendarEntry; zone: string; selected: boolean; onOpen: () => void }) {
  const label = entryLabel(e);
  const body = (
    <>
      <span className="flex flex-wrap items-center gap-1">
        <span className="rounded bg-white px-1 text-[0.65rem] font-semibold text-slate-700" data-testid="entry-kind">
          {label}
        </span>
        <span className="font-medium">{timeInZone(e.at, zone)}</span>
        <span>{entryPlace(e)}</span>
        {e.recurring ? (
          <span className="rounded bg-white px-1 text-[0.65rem] text-slate-700" data-testid="entry-recurring">
            Repeats
          </span>
        ) : null}
        {e.evergreen ? (
          <span className="rounded bg-white px-1 text-[0.65rem] text-emerald-800" data-testid="entry-evergreen">
            Evergreen
          </span>
        ) : null}
      </span>
      <span className="block truncate text-slate-700">{e.summary || (e.username ? `@${e.username}` : "(no text)")}</span>
    </>
  );
  const style = labelStyles[label] ?? labelStyles.Scheduled!;
  // its own text colour: a day outside the month shown greys its text, which a chip's background would make unreadable
  const className = `block w-full min-w-0 rounded px-1.5 py-1 text-left text-xs hover:brightness-95 ${style} ${style.includes("text-") ? "" : "text-slate-900"} ${selected ? "outline-2 outline-brand-500" : ""}`;
  if (e.kind === "draft" && e.draftId) {
    return (
      <Link href={draftHref(e.draftId)} data-testid="calendar-entry" data-kind={e.kind} data-status={e.status ?? undefined} className={className}>
        {body}
      </Link>
    );
  }
  return (
    <button
      type="button"
      data-testid="calendar-entry"
      data-kind={e.kind}
      data-status={e.status ?? undefined}
      draggable={e.movable}
      onDragStart={(ev) => ev.dataTransfer.setData("text/plain", e.key)}
      onClick={onOpen}
      aria-pressed={selected}
      className={`${className} ${e.movable ? "cursor-grab" : ""}`}
    >
      {body}
    </button>
  );
}
