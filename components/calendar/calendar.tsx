"use client";
// The calendar (issue 33): every post on its day in the user's time zone, each of one kind
// (Scheduled, Published, Draft, Awaiting approval) shown in words. Month, week (an hour grid) and agenda views; the
// agenda is the default on phones. A day or an hour composes at that time; a scheduled post opens
// in the side panel (see, edit, move, cancel); drag one that has not started to another day.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, useSyncExternalStore } from "react";
import { toast } from "sonner";
import { finalStatuses, POLL_MS } from "@/components/jobs/job-status";
import { ShareForReview } from "@/components/review-links/share-for-review";
import { TimeZoneSelect } from "@/components/scheduling/time-zone-select";
import { formatDayKey, formatInZone, formatMonth } from "@/components/format/date-time";
import { useTimeZone } from "@/components/scheduling/use-time-zone";
import { usePermission } from "@/components/access/use-permission";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage, useTRPC } from "@/components/trpc";
import type { CalendarEntry } from "@/server/domain/scheduling/calendar-entries";
import { dayKey, dayRange, monthDays, moveToDay, shiftDay, shiftMonth, today, weekDays } from "@/server/domain/scheduling/wall-time";
import { AgendaView } from "./agenda-view";
import { ApprovalDetail } from "./approval-detail";
import { DayEntries } from "./day-entries";
import { EntryDetail } from "./entry-detail";
import { LinkedGroupPanel, useLinkedGroup } from "./linked-group";
import { MonthView } from "./month-view";
import { UnscheduledDrafts } from "./unscheduled-drafts";
import { WeekView } from "./week-view";

type View = "month" | "week" | "agenda";
const views: View[] = ["month", "week", "agenda"];
const noSubscribe = () => () => {};
/** Below Tailwind's sm breakpoint a month grid does not fit: phones open on the agenda. */
const PHONE_QUERY = "(max-width: 639px)";

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
  const [view, setView] = useState<View>(() => (window.matchMedia(PHONE_QUERY).matches ? "agenda" : "month"));
  const [anchor, setAnchor] = useState(() => today(zone));
  const [selected, setSelected] = useState<string | null>(null);
  // the day a month cell's "+N more" opened beside the calendar
  const [shownDay, setShownDay] = useState<string | null>(null);
  const [dropError, setDropError] = useState<string | null>(null);

  const month = anchor.slice(0, 7);
  const days = view === "week" ? weekDays(anchor, zone) : view === "month" ? monthDays(month, zone) : monthDays(month, zone).filter((d) => d.startsWith(month));
  const range = dayRange(days, zone);
  const entries = useQuery({
    ...trpc.schedules.calendar.queryOptions(range),
    refetchInterval: (q) => (q.state.data?.some((e) => e.status !== null && !finalStatuses.has(e.status)) ? POLL_MS : false),
  });
  // a week's plan, to send to a client on one review page: its post groups yet to publish
  const weekGroups = [
    ...new Set((entries.data ?? []).flatMap((e) => (e.group && e.status !== null && !finalStatuses.has(e.status) ? [e.group.postGroupId] : []))),
  ];
  // the week view's faint "Free slot" markers: the queues' slots no post holds
  const freeSlots = useQuery({ ...trpc.queue.freeSlots.queryOptions(range), enabled: view === "week" });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.queue.freeSlots.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.schedules.calendar.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.schedules.unscheduledDrafts.pathKey() }),
    ]);
  const move = useMutation(
    trpc.schedules.move.mutationOptions({
      onSuccess: async (_, input) => {
        toast.success(`Moved to ${formatInZone(input.scheduledAt, input.timezone ?? zone)}`);
        await refresh();
      },
    }),
  );

  // dragging to another day is content.publish; composing on a day is content.draft
  const canMove = usePermission("content.publish") === true;
  const canCompose = usePermission("content.draft") === true;
  const byDay = new Map<string, CalendarEntry[]>();
  for (const raw of entries.data ?? []) {
    const e = canMove ? raw : { ...raw, movable: false };
    const key = dayKey(e.at, zone);
    byDay.set(key, [...(byDay.get(key) ?? []), e]);
  }
  const open = entries.data?.find((e) => e.key === selected) ?? null;
  const linked = useLinkedGroup({ zone, entries: entries.data, setAnchor, open: setSelected });

  const drop = (key: string, day: string) => {
    setDropError(null);
    const entry = entries.data?.find((e) => e.key === key);
    if (!canMove || !entry || !entry.movable || dayKey(entry.at, zone) === day) return;
    const target = moveToDay(entry.at, zone, day);
    if (Date.parse(target.iso) <= Date.now()) return setDropError("A post can only move to a time in the future.");
    move.mutate({ scheduledPostId: entry.scheduledPostId!, scheduledAt: target.iso, timezone: zone }, { onError: (err) => setDropError(errorMessage(err)) });
  };

  const byWeek = view === "week";
  const step = (by: number) => setAnchor((a) => (byWeek ? shiftDay(a, 7 * by) : `${shiftMonth(a.slice(0, 7), by)}-01`));
  const title = byWeek ? `${formatDayKey(days[0]!)} – ${formatDayKey(days[6]!)}` : formatMonth(month);
  const viewProps = { days, zone, byDay, selected, onOpen: setSelected, title, canCompose };

  return (
    <div className="grid min-w-0 gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0 space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" onClick={() => step(-1)} aria-label={byWeek ? "Previous week" : "Previous month"}>
            ‹
          </Button>
          <Button variant="secondary" onClick={() => setAnchor(today(zone))}>
            Today
          </Button>
          <Button variant="secondary" onClick={() => step(1)} aria-label={byWeek ? "Next week" : "Next month"}>
            ›
          </Button>
          <h2 className="mx-2 text-lg font-semibold" data-testid="calendar-title">
            {title}
          </h2>
          <div className="flex flex-wrap items-center gap-3 sm:ml-auto">
            <div role="group" aria-label="View" className="flex rounded-md ring-1 ring-slate-300">
              {views.map((v) => (
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
        <p className="flex flex-wrap gap-3 text-xs text-slate-600">
          <span className="rounded bg-brand-50 px-1.5 ring-1 ring-brand-500/40">Scheduled: publishes at its time</span>
          <span className="rounded bg-emerald-50 px-1.5 ring-1 ring-emerald-200">Published: already out</span>
          <span className="rounded bg-red-50 px-1.5 ring-1 ring-red-200">Failed or Canceled: not published</span>
          <span className="rounded border border-dashed border-amber-300 px-1.5">Draft: not scheduled yet</span>
          <span className="rounded border border-dashed border-violet-400 bg-violet-50 px-1.5">Awaiting approval: nothing scheduled until approved</span>
          {view === "week" ? (
            <span className="rounded border border-dashed border-slate-300 px-1.5">Free slot: the next post added to that queue takes it</span>
          ) : null}
        </p>
        {view === "week" && weekGroups.length > 0 ? <ShareForReview postGroupIds={weekGroups} label="Share this week for client review" /> : null}
        {dropError ? <Alert>{dropError}</Alert> : null}
        {entries.error ? <Alert>{errorMessage(entries.error)}</Alert> : null}
        {view === "month" ? <MonthView {...viewProps} month={month} onDrop={drop} onShowDay={setShownDay} /> : null}
        {view === "week" ? <WeekView {...viewProps} onDrop={drop} freeSlots={freeSlots.data ?? []} /> : null}
        {view === "agenda" ? <AgendaView {...viewProps} /> : null}
      </div>
      <aside className="min-w-0 space-y-4">
        {open?.approval ? (
          <ApprovalDetail key={open.key} entry={open} zone={zone} onChanged={refresh} onClose={() => setSelected(null)} />
        ) : open ? (
          <EntryDetail key={open.key + open.at + open.status + open.text} entry={open} zone={zone} onChanged={refresh} onClose={() => setSelected(null)} />
        ) : null}
        {shownDay && view === "month" ? (
          <DayEntries
            day={shownDay}
            entries={byDay.get(shownDay) ?? []}
            zone={zone}
            selected={selected}
            onOpen={setSelected}
            onClose={() => setShownDay(null)}
          />
        ) : null}
        {open ? null : <LinkedGroupPanel linked={linked} />}
        {open || (linked.postGroupId && !linked.hasEntry) || (shownDay && view === "month") ? null : (
          <p className="text-sm text-slate-500">
            {canMove ? "Open a post to see it, edit its text, change its time or cancel it. Open a draft to finish it in Compose." : "Open a post to see it."}
          </p>
        )}
        <UnscheduledDrafts />
      </aside>
    </div>
  );
}
