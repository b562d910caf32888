"use client";
// A whole day's entries beside the calendar: where a month cell's "+N more" leads.
import { formatDayKey } from "@/components/format/date-time";
import type { CalendarEntry } from "@/server/domain/scheduling/calendar-entries";
import { EntryChip } from "./entry-chip";

export function DayEntries({
  day,
  entries,
  zone,
  selected,
  onOpen,
  onClose,
}: {
  day: string;
  entries: CalendarEntry[];
  zone: string;
  selected: string | null;
  onOpen: (key: string) => void;
  onClose: () => void;
}) {
  const label = formatDayKey(day);
  return (
    <section aria-label={`Posts on ${label}`} data-testid="day-entries" className="space-y-2 rounded-lg bg-white p-4 text-sm ring-1 ring-slate-200">
      <div className="flex items-start justify-between gap-2">
        <h2 className="font-semibold">
          {label} · {entries.length} {entries.length === 1 ? "post" : "posts"}
        </h2>
        <button type="button" onClick={onClose} aria-label="Close the day" className="text-slate-500 hover:text-slate-800">
          ×
        </button>
      </div>
      <ul className="space-y-1">
        {entries.map((e) => (
          <li key={e.key}>
            <EntryChip entry={e} zone={zone} selected={selected === e.key} onOpen={() => onOpen(e.key)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
