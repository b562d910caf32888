"use client";
// One entry in a calendar cell: its kind in words (Scheduled, Published, Draft), its time, where
// and what. A draft opens in the composer; the others open in the side panel.
import Link from "next/link";
import { providerLabels } from "@/components/accounts/provider-badge";
import { JobStatusBadge } from "@/components/jobs/job-status";
import { timeInZone } from "@/components/format/date-time";
import type { CalendarEntry, CalendarKind } from "@/server/domain/scheduling/calendar-entries";
import { draftHref } from "./calendar-links";

export const kindLabels: Record<CalendarKind, string> = { scheduled: "Scheduled", published: "Published", draft: "Draft" };

/** The kind in words; a post sent now that is not out (yet) is not called published. */
export function kindLabel(e: CalendarEntry): string {
  if (e.kind !== "published" || !e.status || e.status === "published") return kindLabels[e.kind];
  return e.status === "queued" || e.status === "processing" ? "Publishing now" : "Sent now";
}

const kindStyles: Record<CalendarKind, string> = {
  scheduled: "bg-brand-50 ring-1 ring-brand-500/40",
  published: "bg-emerald-50 ring-1 ring-emerald-200",
  draft: "bg-white border border-dashed border-amber-300",
};

export function entryPlace(e: CalendarEntry): string {
  if (e.kind === "draft") return e.targets.length ? e.targets.map((t) => providerLabels[t.provider]).join(", ") : "No accounts yet";
  return e.provider ? providerLabels[e.provider] : "";
}

export function EntryChip({
  entry: e,
  zone,
  selected,
  onOpen,
  compact = false,
}: {
  entry: CalendarEntry;
  zone: string;
  selected: boolean;
  onOpen: () => void;
  compact?: boolean;
}) {
  const body = (
    <>
      <span className="flex flex-wrap items-center gap-1">
        <span className="rounded bg-white px-1 text-[0.65rem] font-semibold text-slate-700" data-testid="entry-kind">
          {kindLabel(e)}
        </span>
        <span className="font-medium">{timeInZone(e.at, zone)}</span>
        <span>{entryPlace(e)}</span>
        {e.status && !(compact && e.status === e.kind) ? <JobStatusBadge status={e.status} /> : null}
      </span>
      <span className="block truncate text-slate-700">{e.summary || (e.username ? `@${e.username}` : "(no text)")}</span>
    </>
  );
  const className = `block w-full min-w-0 rounded px-1.5 py-1 text-left text-xs hover:brightness-95 ${kindStyles[e.kind]} ${selected ? "outline-2 outline-brand-500" : ""}`;
  if (e.kind === "draft" && e.draftId) {
    return (
      <Link href={draftHref(e.draftId)} data-testid="calendar-entry" data-kind={e.kind} className={className}>
        {body}
      </Link>
    );
  }
  return (
    <button
      type="button"
      data-testid="calendar-entry"
      data-kind={e.kind}
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
