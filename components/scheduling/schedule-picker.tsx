"use client";
// "Publish now", "Schedule" at a date and time in a chosen zone, or (when the caller offers it)
// "Add to queue": each account's next free posting slot. The instant is worked out
// with the daylight-saving rules of server/domain/scheduling/wall-time.ts, and a time that a
// clock change skips or repeats is explained before anything is sent.
import { resolveWallTime, shiftDay, today } from "@/server/domain/scheduling/wall-time";
import { TimeZoneSelect } from "./time-zone-select";

export type When = { kind: "now" } | { kind: "queue" } | { kind: "schedule"; date: string; time: string };

export function defaultSchedule(zone: string): When {
  return { kind: "schedule", date: shiftDay(today(zone), 1), time: "09:00" };
}

export function resolveWhen(when: When, zone: string): { iso: string; note: string | null } | null {
  if (when.kind !== "schedule" || !when.date || !when.time) return null;
  try {
    const r = resolveWallTime(when.date, when.time, zone);
    const note =
      r.note === "skipped"
        ? `${when.time} does not exist on ${when.date} in ${zone} (the clocks jump forward); it will go out at ${r.iso.slice(11, 16)}.`
        : r.note === "repeated"
          ? `${when.time} happens twice on ${when.date} in ${zone} (the clocks fall back); the first one is used (UTC${r.iso.slice(19)}).`
          : null;
    return { iso: r.iso, note };
  } catch {
    return null;
  }
}

/** "Add to queue": offered when `queue` is given; `blocked` says why it cannot be chosen now. */
export type QueueChoice = { blocked: string | null; details?: React.ReactNode };

export function SchedulePicker({
  when,
  zone,
  onWhen,
  onZone,
  queue,
}: {
  when: When;
  zone: string;
  onWhen: (w: When) => void;
  onZone: (z: string) => void;
  queue?: QueueChoice;
}) {
  const resolved = resolveWhen(when, zone);
  return (
    <fieldset className="space-y-3 rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <legend className="px-1 text-sm font-semibold">When</legend>
      <div className="flex flex-wrap gap-4 text-sm">
        <label className="flex items-center gap-2">
          <input type="radio" name="when" checked={when.kind === "now"} onChange={() => onWhen({ kind: "now" })} /> Publish now
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="when" checked={when.kind === "schedule"} onChange={() => onWhen(defaultSchedule(zone))} /> Schedule
        </label>
        {queue ? (
          <label className={`flex items-center gap-2 ${queue.blocked ? "text-slate-500" : ""}`}>
            <input
              type="radio"
              name="when"
              checked={when.kind === "queue"}
              disabled={!!queue.blocked && when.kind !== "queue"}
              aria-describedby={queue.blocked ? "queue-blocked" : undefined}
              onChange={() => onWhen({ kind: "queue" })}
            />{" "}
            Add to queue
          </label>
        ) : null}
      </div>
      {when.kind === "schedule" ? (
        <div className="flex flex-wrap items-end gap-3">
          <label className="text-sm">
            <span className="block text-slate-600">Date</span>
            <input
              type="date"
              aria-label="Schedule date"
              value={when.date}
              onChange={(e) => onWhen({ ...when, date: e.target.value })}
              className="rounded-md border-0 py-1.5 text-sm ring-1 ring-inset ring-slate-300"
            />
          </label>
          <label className="text-sm">
            <span className="block text-slate-600">Time</span>
            <input
              type="time"
              aria-label="Schedule time"
              value={when.time}
              onChange={(e) => onWhen({ ...when, time: e.target.value })}
              className="rounded-md border-0 py-1.5 text-sm ring-1 ring-inset ring-slate-300"
            />
          </label>
          <TimeZoneSelect value={zone} onChange={onZone} />
        </div>
      ) : null}
      {queue?.blocked ? (
        <p id="queue-blocked" className="text-sm text-slate-600" data-testid="queue-blocked">
          {queue.blocked}
        </p>
      ) : null}
      {when.kind === "queue" ? queue?.details : null}
      {resolved?.note ? <p className="text-sm text-amber-800">{resolved.note}</p> : null}
      {when.kind === "schedule" && resolved && Date.parse(resolved.iso) <= Date.now() ? (
        <p className="text-sm text-red-700">That time has passed; choose a later one.</p>
      ) : null}
    </fieldset>
  );
}
