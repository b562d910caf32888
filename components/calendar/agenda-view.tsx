"use client";
// The agenda: the range's entries as a list grouped by day (the phone's default view), with a
// compose link for each day still to come.
import Link from "next/link";
import { formatDayKey } from "@/components/format/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import type { CalendarEntry } from "@/server/domain/scheduling/calendar-entries";
import { composeAtHref, dayComposeInstant, isPastDay } from "./calendar-links";
import { EntryChip } from "./entry-chip";

export function AgendaView({
  days,
  zone,
  byDay,
  selected,
  onOpen,
  title,
  canCompose,
}: {
  days: string[];
  zone: string;
  byDay: Map<string, CalendarEntry[]>;
  selected: string | null;
  onOpen: (key: string) => void;
  title: string;
  canCompose: boolean;
}) {
  const withEntries = days.filter((d) => (byDay.get(d) ?? []).length > 0);
  if (withEntries.length === 0) {
    return (
      <div data-testid="agenda">
        <EmptyState title={`Nothing planned in ${title}`}>Posts, schedules and drafts with a time appear here, day by day.</EmptyState>
      </div>
    );
  }
  return (
    <ol className="space-y-4" data-testid="agenda" aria-label={`Agenda: ${title}`}>
      {withEntries.map((day) => {
        const at = canCompose ? dayComposeInstant(day, zone) : null;
        const past = isPastDay(day, zone);
        const label = formatDayKey(day);
        return (
          <li key={day} data-agenda-day={day} className={past ? "opacity-75" : ""}>
            <div className="mb-1 flex items-center justify-between gap-2">
              <h3 className="text-sm font-semibold">
                {label}
                {past ? <span className="ml-2 text-xs font-normal text-slate-500">past</span> : null}
              </h3>
              {at ? (
                <Link href={composeAtHref(at)} aria-label={`Compose on ${label}`} className="text-sm text-brand-700 hover:underline">
                  + Compose
                </Link>
              ) : null}
            </div>
            <ul className="space-y-1">
              {(byDay.get(day) ?? []).map((e) => (
                <li key={e.key}>
                  <EntryChip entry={e} zone={zone} selected={selected === e.key} onOpen={() => onOpen(e.key)} />
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
