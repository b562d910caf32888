"use client";
// The month: whole weeks, each day with its entries; a future day's number composes on that day
// (at 09:00, or the next hour today); days gone by are dimmed and offer nothing to compose. A busy
// day shows its first few entries and "+N more", which lists the whole day beside the calendar,
// so a row keeps its height (issue 47).
import Link from "next/link";
import { formatDayKey } from "@/components/format/date-time";
import type { CalendarEntry } from "@/server/domain/scheduling/calendar-entries";
import { today } from "@/server/domain/scheduling/wall-time";
import { composeAtHref, dayComposeInstant, isPastDay } from "./calendar-links";
import { EntryChip } from "./entry-chip";

export const weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
/** Entries a month cell shows before "+N more". */
export const MONTH_CELL_ENTRIES = 3;

export function MonthView(props: {
  days: string[];
  month: string;
  zone: string;
  byDay: Map<string, CalendarEntry[]>;
  selected: string | null;
  onOpen: (key: string) => void;
  onDrop: (key: string, day: string) => void;
  onShowDay: (day: string) => void;
  title: string;
  /** offer "+" (compose on a day): the role may write */
  canCompose: boolean;
}) {
  const { days, month, zone, byDay, selected, onOpen, onDrop, onShowDay, title, canCompose } = props;
  const current = today(zone);
  return (
    <div className="overflow-x-auto rounded-lg ring-1 ring-slate-200">
      <div role="group" aria-label={`Calendar: ${title}`} className="grid min-w-[42rem] grid-cols-7 bg-slate-200" style={{ gap: "1px" }}>
        {weekdayNames.map((d) => (
          <div key={d} aria-hidden className="bg-slate-50 px-2 py-1 text-xs font-medium text-slate-600">
            {d}
          </div>
        ))}
        {days.map((day) => {
          const inMonth = day.startsWith(month);
          const past = isPastDay(day, zone);
          const at = canCompose ? dayComposeInstant(day, zone) : null;
          const label = formatDayKey(day);
          const all = byDay.get(day) ?? [];
          // a selected entry stays in view, in place of the last one shown
          const first = all.slice(0, MONTH_CELL_ENTRIES);
          const picked = all.findIndex((e) => e.key === selected);
          const shown = picked >= MONTH_CELL_ENTRIES ? [...first.slice(0, -1), all[picked]!] : first;
          const hidden = all.length - shown.length;
          return (
            <div
              key={day}
              role="group"
              aria-label={`${label}${past ? " (past)" : ""}`}
              data-day={day}
              data-past={past || undefined}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                onDrop(e.dataTransfer.getData("text/plain"), day);
              }}
              className={`min-h-28 p-1.5 ${past ? "bg-slate-50 text-slate-500" : inMonth ? "bg-white" : "bg-white text-slate-500"}`}
            >
              <div className="mb-1 flex items-center justify-between text-xs">
                <span className={day === current ? "rounded-full bg-brand-600 px-1.5 font-bold text-white" : ""}>{Number(day.slice(8))}</span>
                {at ? (
                  <Link
                    href={composeAtHref(at)}
                    data-testid="compose-on-day"
                    aria-label={`Compose on ${label}`}
                    title={`Compose on ${label}`}
                    className="rounded px-1.5 text-sm leading-5 text-brand-700 hover:bg-brand-50"
                  >
                    +
                  </Link>
                ) : null}
              </div>
              <ul className={`space-y-1 ${past ? "opacity-75" : ""}`}>
                {shown.map((e) => (
                  <li key={e.key}>
                    <EntryChip entry={e} zone={zone} selected={selected === e.key} onOpen={() => onOpen(e.key)} />
                  </li>
                ))}
              </ul>
              {hidden > 0 ? (
                <button
                  type="button"
                  data-testid="more-entries"
                  onClick={() => onShowDay(day)}
                  aria-label={`+${hidden} more on ${label}`}
                  className="mt-1 w-full rounded px-1.5 py-0.5 text-left text-xs font-medium text-brand-700 hover:bg-brand-50"
                >
                  +{hidden} more
                </button>
              ) : null}
            </div>
          );
        })}
      </div>
    </div>
  );
}
