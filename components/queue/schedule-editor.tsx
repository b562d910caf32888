"use client";
// An account's posting schedule: the zone its slots are wall-clock times in (the browser's zone
// for an account without a schedule), its weekly slots (add a day and time, remove one), save,
// and pause or resume. The server's 422 is shown next to the field it names, in plain words.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { humanIssue, issuesOf } from "@/components/errors/human-errors";
import { TimeZoneSelect } from "@/components/scheduling/time-zone-select";
import { errorMessage, useTRPC } from "@/components/trpc";
import { Alert } from "@/components/ui/alert";
import { usePermission } from "@/components/access/use-permission";
import { Button } from "@/components/ui/button";
import type { PostingScheduleView } from "@/server/domain/queue/queue.schema";
import { DAYS, normalizeSlots, type Day, type Slot } from "@/server/domain/queue/slot-times";

export const dayNames: Record<Day, string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const inputClass = "mt-1 block rounded-md border-0 py-1.5 text-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-500";

export function ScheduleEditor({ accountId }: { accountId: string }) {
  const trpc = useTRPC();
  const stored = useQuery(trpc.queue.schedule.queryOptions({ accountId }));
  if (!stored.data) return <p className="text-sm text-slate-500">{stored.error ? errorMessage(stored.error) : "Loading the posting schedule…"}</p>;
  return <ScheduleForm stored={stored.data} />;
}

function ScheduleForm({ stored }: { stored: PostingScheduleView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  // a schedule never set answers UTC and no slots: start from the zone the user is in
  const [timezone, setTimezone] = useState(stored.slots.length === 0 && stored.timezone === "UTC" ? browserZone() : stored.timezone);
  const [slots, setSlots] = useState<Slot[]>(stored.slots);
  const [day, setDay] = useState<Day>("mon");
  const [time, setTime] = useState("09:00");
  const [addError, setAddError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  // evergreen: on with an interval in days, or off (sent as null)
  const [evergreenOn, setEvergreenOn] = useState(stored.evergreen !== null);
  const [intervalDays, setIntervalDays] = useState(String(stored.evergreen?.minIntervalDays ?? 30));
  // the schedule is content.publish: others see it, its controls disabled
  const canEdit = usePermission("content.publish") !== false;
  const save = useMutation(
    trpc.queue.setSchedule.mutationOptions({
      onSuccess: (s) => {
        queryClient.setQueryData(trpc.queue.schedule.queryKey({ accountId: s.accountId }), s);
        void queryClient.invalidateQueries({ queryKey: trpc.queue.items.queryKey({ accountId: s.accountId }) });
        void queryClient.invalidateQueries({ queryKey: trpc.queue.freeSlots.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.queue.nextSlot.pathKey() });
      },
    }),
  );
  const issues = issuesOf(save.error);
  const issueAt = (test: (path: string) => boolean) =>
    issues
      .filter((i) => test(i.path))
      .map(humanIssue)
      .join(" ");
  const zoneError = issueAt((p) => p === "timezone");
  const slotsError = issueAt((p) => p.startsWith("slots"));
  const evergreenError = issueAt((p) => p.startsWith("evergreen"));
  const otherError = save.error && !zoneError && !slotsError && !evergreenError ? errorMessage(save.error) : null;
  const evergreen = evergreenOn ? { minIntervalDays: Number(intervalDays) } : null;
  const dirty =
    timezone !== stored.timezone ||
    JSON.stringify(normalizeSlots(slots)) !== JSON.stringify(stored.slots) ||
    JSON.stringify(evergreen) !== JSON.stringify(stored.evergreen);

  const submit = (paused: boolean) => {
    setSaved(false);
    save.mutate({ accountId: stored.accountId, timezone, slots, paused, evergreen }, { onSuccess: () => setSaved(true) });
  };
  const add = () => {
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return setAddError("Enter a time such as 09:00 (24-hour).");
    if (slots.some((s) => s.day === day && s.time === time)) return setAddError(`${dayNames[day]} ${time} is already a slot.`);
    setAddError(null);
    setSaved(false);
    setSlots(normalizeSlots([...slots, { day, time }]));
  };

  return (
    <section aria-labelledby={`${id}-title`} className="min-w-0 space-y-4 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-base font-semibold">
          Posting slots
        </h2>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${stored.paused ? "bg-amber-50 text-amber-800" : "bg-emerald-50 text-emerald-800"}`}
          data-testid="queue-state"
        >
          {stored.paused ? "Paused" : "Running"}
        </span>
      </div>
      <fieldset disabled={!canEdit} className="min-w-0 space-y-4">
        <div>
          <TimeZoneSelect value={timezone} onChange={setTimezone} label="Time zone of the slots" />
          {zoneError ? <p className="mt-1 text-sm text-red-700">{zoneError}</p> : null}
        </div>

        {slots.length === 0 ? (
          <p className="rounded-md border border-dashed border-slate-300 p-3 text-sm text-slate-600" data-testid="no-slots">
            No slots yet. Add slots: a day and a time when this account should post, such as Monday 09:00. Each slot holds one post.
          </p>
        ) : (
          <ul aria-label="Weekly slots" className="space-y-1.5">
            {DAYS.filter((d) => slots.some((s) => s.day === d)).map((d) => (
              <li key={d} className="flex flex-wrap items-center gap-2 text-sm">
                <span className="w-24 font-medium text-slate-700">{dayNames[d]}</span>
                {slots
                  .filter((s) => s.day === d)
                  .map((s) => (
                    <span key={s.time} className="inline-flex items-center gap-1 rounded-md bg-slate-100 py-0.5 pl-2 pr-0.5 tabular-nums" data-testid="slot">
                      {s.time}
                      <button
                        type="button"
                        aria-label={`Remove ${dayNames[d]} ${s.time}`}
                        onClick={() => {
                          setSaved(false);
                          setSlots(slots.filter((o) => o !== s));
                        }}
                        className="rounded px-1 text-slate-500 hover:bg-slate-200 hover:text-slate-800"
                      >
                        ×
                      </button>
                    </span>
                  ))}
              </li>
            ))}
          </ul>
        )}
        {slotsError ? <p className="text-sm text-red-700">{slotsError}</p> : null}

        <fieldset className="flex flex-wrap items-end gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">Add a slot</legend>
          <div className="text-sm text-slate-600">
            <label htmlFor={`${id}-day`} className="block">
              Day
            </label>
            <select id={`${id}-day`} value={day} onChange={(e) => setDay(e.target.value as Day)} className={inputClass}>
              {DAYS.map((d) => (
                <option key={d} value={d}>
                  {dayNames[d]}
                </option>
              ))}
            </select>
          </div>
          <div className="text-sm text-slate-600">
            <label htmlFor={`${id}-time`} className="block">
              Time
            </label>
            <input
              id={`${id}-time`}
              type="time"
              value={time}
              onChange={(e) => setTime(e.target.value)}
              aria-invalid={addError ? true : undefined}
              aria-describedby={addError ? `${id}-add-error` : undefined}
              className={inputClass}
            />
          </div>
          <Button variant="secondary" onClick={add}>
            Add slot
          </Button>
          {addError ? (
            <p id={`${id}-add-error`} className="w-full text-sm text-red-700">
              {addError}
            </p>
          ) : null}
        </fieldset>

        <fieldset className="space-y-2 text-sm">
          <legend className="mb-1 font-medium text-slate-700">Evergreen</legend>
          <label className="flex items-start gap-2">
            <input type="checkbox" className="mt-0.5" checked={evergreenOn} onChange={(e) => (setSaved(false), setEvergreenOn(e.target.checked))} />
            <span>Fill free slots of the next 24 hours with evergreen posts this account published before</span>
          </label>
          {evergreenOn ? (
            <div className="text-slate-600">
              <label htmlFor={`${id}-interval`} className="block">
                Days before one evergreen post goes out again
              </label>
              <input
                id={`${id}-interval`}
                type="number"
                min={1}
                max={3650}
                value={intervalDays}
                onChange={(e) => (setSaved(false), setIntervalDays(e.target.value))}
                aria-invalid={evergreenError ? true : undefined}
                aria-describedby={evergreenError ? `${id}-evergreen-error` : undefined}
                className={`${inputClass} w-28`}
              />
            </div>
          ) : null}
          {evergreenError ? (
            <p id={`${id}-evergreen-error`} className="text-red-700">
              {evergreenError}
            </p>
          ) : null}
        </fieldset>

        {otherError ? <Alert>{otherError}</Alert> : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={() => submit(stored.paused)} aria-disabled={save.isPending || undefined} disabled={!dirty && !save.error}>
            {save.isPending ? "Saving…" : "Save schedule"}
          </Button>
          <Button variant="secondary" onClick={() => submit(!stored.paused)} aria-disabled={save.isPending || undefined}>
            {stored.paused ? "Resume the queue" : "Pause the queue"}
          </Button>
          {saved && !save.isPending ? (
            <span role="status" className="text-sm text-emerald-700">
              Saved
            </span>
          ) : null}
        </div>
      </fieldset>
      <p className="text-xs text-slate-500">
        {stored.paused
          ? "Paused: nothing of the queue publishes. Resuming places the posts again in the next free slots."
          : "Changing the slots places the queued posts again, in their order, in the next free slots."}
      </p>
    </section>
  );
}
