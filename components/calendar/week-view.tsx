"use client";
// The week with an hour grid: seven day columns of 24 one-hour slots (00–23) in the chosen zone,
// each entry in the slot of its wall-clock hour. A future slot composes at that hour; slots gone
// by are dimmed. On narrow screens the grid scrolls inside its frame, never the page.
// Every column is a CSS subgrid of the week's 24 hour rows, so an hour holding several posts
// grows its whole row (in every column) and each post stays visible (issue 47: a fixed height
// let a busy hour spill under the next one). A queue's free slot (issue 49) is a faint dashed
// "Free slot" marker at its time: a post added to that account's queue would take it.
import Link from "next/link";
import { formatDayKey, timeInZone } from "@/components/format/date-time";
import { providerLabels } from "@/components/accounts/provider-badge";
import type { FreeSlot } from "@/server/domain/queue/free-slots";
import type { CalendarEntry } from "@/server/domain/scheduling/calendar-entries";
import { dayKey, today } from "@/server/domain/scheduling/wall-time";
import { composeAtHref, slotInstant } from "./calendar-links";
import { EntryChip } from "./entry-chip";
import { weekdayNames } from "./month-view";

export const HOURS = Array.from({ length: 24 }, (_, h) => h);
/** The column spans the 24 hour rows and shares them, gaps included (the rows' 1px lines). */
const subgrid = { gridRow: "2 / span 24", gridTemplateRows: "subgrid", rowGap: "1px" };
const hh = (h: number) => `${String(h).padStart(2, "0")}:00`;

export function WeekView(props: {
  days: string[];
  zone: string;
  byDay: Map<string, CalendarEntry[]>;
  selected: string | null;
  onOpen: (key: string) => void;
  onDrop: (key: string, day: string) => void;
  title: string;
  freeSlots?: FreeSlot[];
  canCompose: boolean;
}) {
  const { days, zone, byDay, selected, onOpen, onDrop, title, freeSlots = [], canCompose } = props;
  const current = today(zone);
  const now = Date.now();
  return (
    <div className="overflow-x-auto rounded-lg ring-1 ring-slate-200" data-testid="week-grid">
      <div
        role="group"
        aria-label={`Calendar: ${title}`}
        className="grid min-w-[40rem] grid-cols-[3.5rem_repeat(7,minmax(0,1fr))] bg-slate-200"
        style={{ gap: "1px", gridTemplateRows: "auto repeat(24, minmax(4rem, auto))" }}
      >
        <div aria-hidden className="bg-slate-50" />
        {days.map((day, i) => (
          <div key={day} aria-hidden className={`bg-slate-50 px-2 py-1 text-xs font-medium ${day === current ? "text-brand-700" : "text-slate-600"}`}>
            {weekdayNames[i]} {Number(day.slice(8))}
          </div>
        ))}
        <div className="grid" style={subgrid}>
          {HOURS.map((h) => (
            <div key={h} className="bg-slate-50 px-1 text-right text-[0.7rem] text-slate-500" data-testid="hour-label">
              {hh(h)}
            </div>
          ))}
        </div>
        {days.map((day) => {
          const byHour = new Map<number, CalendarEntry[]>();
          for (const e of byDay.get(day) ?? []) {
            const hour = Number(timeInZone(e.at, zone).slice(0, 2));
            byHour.set(hour, [...(byHour.get(hour) ?? []), e]);
          }
          const freeByHour = new Map<number, FreeSlot[]>();
          for (const f of freeSlots) {
            if (dayKey(f.at, zone) !== day) continue;
            const hour = Number(timeInZone(f.at, zone).slice(0, 2));
            freeByHour.set(hour, [...(freeByHour.get(hour) ?? []), f]);
          }
          const label = formatDayKey(day);
          return (
            <div
              key={day}
              role="group"
              aria-label={label}
              data-day={day}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                onDrop(e.dataTransfer.getData("text/plain"), day);
              }}
              className="grid"
              style={subgrid}
            >
              {HOURS.map((h) => {
                const at = slotInstant(day, h, zone, now);
                const entries = byHour.get(h) ?? [];
                const free = freeByHour.get(h) ?? [];
                return (
                  <div
                    key={h}
                    data-slot={`${day}T${hh(h)}`}
                    data-past={at ? undefined : true}
                    className={`relative min-w-0 p-0.5 ${at ? "bg-white" : "bg-slate-50"}`}
                  >
                    {at && canCompose ? (
                      <Link
                        href={composeAtHref(at)}
                        aria-label={`Compose on ${label} at ${hh(h)}`}
                        data-testid="compose-at-hour"
                        className="absolute right-0.5 top-0.5 z-10 rounded px-1 text-xs leading-4 text-slate-500 hover:bg-brand-50 hover:text-brand-700"
                      >
                        +
                      </Link>
                    ) : null}
                    <ul className={`space-y-0.5 pr-4 ${at ? "" : "opacity-75"}`}>
                      {entries.map((e) => (
                        <li key={e.key}>
                          <EntryChip entry={e} zone={zone} selected={selected === e.key} onOpen={() => onOpen(e.key)} />
                        </li>
                      ))}
                      {free.map((f) => (
                        <li
                          key={`${f.accountId}-${f.at}`}
                          className="min-w-0 break-words rounded border border-dashed border-slate-300 px-1 text-[0.7rem] leading-4 text-slate-500"
                          data-testid="free-slot"
                          title={`Free slot of ${providerLabels[f.provider]} @${f.username}: a post added to its queue takes it`}
                        >
                          Free slot{" "}
                          <span className="block">
                            {timeInZone(f.at, zone)} @{f.username}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
