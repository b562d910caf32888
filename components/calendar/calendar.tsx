"use client";
// The schedule calendar: month and week views in the user's time zone, every scheduled and
// published post on its day. Open a post to see it, change its time or cancel it; drag a post
// that has not started to another day to move it there at the same wall-clock time.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, useSyncExternalStore } from "react";
import { toast } from "sonner";
import { providerLabels } from "@/components/accounts/provider-badge";
import { finalStatuses, JobStatusBadge, POLL_MS } from "@/components/jobs/job-status";
import { TimeZoneSelect } from "@/components/scheduling/time-zone-select";
import { formatDayKey, formatInZone, formatMonth, timeInZone } from "@/components/format/date-time";
import { useTimeZone } from "@/components/scheduling/use-time-zone";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage, useTRPC } from "@/components/trpc";
import type { CalendarEntry } from "@/server/domain/scheduling/calendar-entries";
import { dayKey, dayRange, monthDays, moveToDay, shiftDay, shiftMonth, today, weekDays } from "@/server/domain/scheduling/wall-time";
import { EntryDetail } from "./entry-detail";

const weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const noSubscribe = () => () => {};

export function Calendar() {
  // The zone lives in this browser: render once mounted, so server and client agree.
  const mounted = useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
  return mounted ? <CalendarView /> : <p className="text-sm text-slate-500">Loading the calendar…</p>;
}

function CalendarView() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [zone, setZone] = useTimeZone();
  const [view, setView] = useState<"month" | "week">("month");
  const [anchor, setAnchor] = useState(() => today(zone));
  const [selected, setSelected] = useState<string | null>(null);
  const [dropError, setDropError] = useState<string | null>(null);

  const days = view === "month" ? monthDays(anchor.slice(0, 7), zone) : weekDays(anchor, zone);
  const range = dayRange(days, zone);
  const entries = useQuery({
    ...trpc.schedules.calendar.queryOptions(range),
    refetchInterval: (q) => (q.state.data?.some((e) => !finalStatuses.has(e.status)) ? POLL_MS : false),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.schedules.calendar.pathKey() });
  const move = useMutation(
    trpc.schedules.move.mutationOptions({
      onSuccess: async (_, input) => {
        toast.success(`Moved to ${formatInZone(input.scheduledAt, input.timezone ?? zone)}`);
        await refresh();
      },
    }),
  );

  const byDay = new Map<string, CalendarEntry[]>();
  for (const e of entries.data ?? []) {
    const key = dayKey(e.at, zone);
    byDay.set(key, [...(byDay.get(key) ?? []), e]);
  }
  const open = entries.data?.find((e) => e.jobId === selected) ?? null;

  const drop = (jobId: string, day: string) => {
    setDropError(null);
    const entry = entries.data?.find((e) => e.jobId === jobId);
    if (!entry || !entry.movable || dayKey(entry.at, zone) === day) return;
    const target = moveToDay(entry.at, zone, day);
    if (Date.parse(target.iso) <= Date.now()) return setDropError("A post can only move to a time in the future.");
    move.mutate({ scheduledPostId: entry.scheduledPostId!, scheduledAt: target.iso, timezone: zone }, { onError: (err) => setDropError(errorMessage(err)) });
  };

  const step = (by: number) => setAnchor((a) => (view === "month" ? `${shiftMonth(a.slice(0, 7), by)}-01` : shiftDay(a, 7 * by)));
  const title = view === "month" ? formatMonth(anchor.slice(0, 7)) : `${formatDayKey(days[0]!)} – ${formatDayKey(days[6]!)}`;

  return (
    <div className="grid min-w-0 gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0 space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" onClick={() => step(-1)} aria-label={view === "month" ? "Previous month" : "Previous week"}>
            ‹
          </Button>
          <Button variant="secondary" onClick={() => setAnchor(today(zone))}>
            Today
          </Button>
          <Button variant="secondary" onClick={() => step(1)} aria-label={view === "month" ? "Next month" : "Next week"}>
            ›
          </Button>
          <h2 className="mx-2 text-lg font-semibold" data-testid="calendar-title">
            {title}
          </h2>
          <div className="ml-auto flex flex-wrap items-center gap-3">
            <div role="group" aria-label="View" className="flex rounded-md ring-1 ring-slate-300">
              {(["month", "week"] as const).map((v) => (
                <button
                  key={v}
                  type="button"
                  aria-pressed={view === v}
                  onClick={() => {
                    setView(v);
                    // the week of the open post, if one is open
                    if (v === "week" && open) setAnchor(dayKey(open.at, zone));
                  }}
                  className={`px-3 py-1.5 text-sm capitalize ${view === v ? "bg-slate-900 text-slate-50" : "bg-white"}`}
                >
                  {v}
                </button>
              ))}
            </div>
            <TimeZoneSelect value={zone} onChange={setZone} />
          </div>
        </div>
        {dropError ? <Alert>{dropError}</Alert> : null}
        {entries.error ? <Alert>{errorMessage(entries.error)}</Alert> : null}
        <div
          role="group"
          aria-label={`Calendar: ${title}`}
          className="grid grid-cols-7 overflow-hidden rounded-lg bg-slate-200 ring-1 ring-slate-200"
          style={{ gap: "1px" }}
        >
          {weekdayNames.map((d) => (
            <div key={d} aria-hidden className="bg-slate-50 px-2 py-1 text-xs font-medium text-slate-600">
              {d}
            </div>
          ))}
          {days.map((day) => {
            const inMonth = view === "week" || day.startsWith(anchor.slice(0, 7));
            return (
              <div
                key={day}
                role="group"
                aria-label={formatDayKey(day)}
                data-day={day}
                onDragOver={(e) => e.preventDefault()}
                onDrop={(e) => {
                  e.preventDefault();
                  drop(e.dataTransfer.getData("text/plain"), day);
                }}
                className={`bg-white p-1.5 ${view === "week" ? "min-h-72" : "min-h-28"} ${inMonth ? "" : "bg-slate-50 text-slate-500"}`}
              >
                <div className={`mb-1 text-xs ${day === today(zone) ? "font-bold text-brand-700" : ""}`}>{Number(day.slice(8))}</div>
                <ul className="space-y-1">
                  {(byDay.get(day) ?? []).map((e) => (
                    <li key={e.jobId}>
                      <button
                        type="button"
                        data-testid="calendar-entry"
                        draggable={e.movable}
                        onDragStart={(ev) => ev.dataTransfer.setData("text/plain", e.jobId)}
                        onClick={() => setSelected(e.jobId)}
                        className={`w-full rounded px-1.5 py-1 text-left text-xs ring-1 ring-slate-200 hover:bg-slate-50 ${selected === e.jobId ? "ring-2 ring-brand-500" : ""} ${e.movable ? "cursor-grab" : ""}`}
                      >
                        <span className="font-medium">{timeInZone(e.at, zone)}</span> {providerLabels[e.provider]} <JobStatusBadge status={e.status} />
                        <span className="block truncate text-slate-600">{e.summary || `@${e.username}`}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </div>
      </div>
      <aside>
        {open ? (
          <EntryDetail key={open.jobId + open.at + open.status} entry={open} zone={zone} onChanged={refresh} onClose={() => setSelected(null)} />
        ) : (
          <p className="text-sm text-slate-500">Open a post to see it, change its time or cancel it.</p>
        )}
      </aside>
    </div>
  );
}
