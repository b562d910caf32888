"use client";
// The composer's "Repeat" and "Evergreen" (issue 49): a recurring group's rule (made from a
// choice, or typed as an RRULE) and the evergreen mark. The server checks the rule (422 at
// repeat.rrule, shown in plain words with the other problems); this only builds it.

export type RepeatChoice = { every: "none" | "day" | "week" | "weekdays" | "custom"; count: string; custom: string; evergreen: boolean };
export const noRepeat: RepeatChoice = { every: "none", count: "", custom: "", evergreen: false };

/** The request's `repeat` and `evergreen`, or nothing. */
export function repeatFields(choice: RepeatChoice): { repeat?: { rrule: string }; evergreen?: true } {
  if (choice.every === "none") return choice.evergreen ? { evergreen: true } : {};
  const base = { day: "FREQ=DAILY", week: "FREQ=WEEKLY", weekdays: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", custom: choice.custom.trim() }[choice.every];
  const count = /^\d+$/.test(choice.count) && Number(choice.count) > 0 && choice.every !== "custom" ? `;COUNT=${Number(choice.count)}` : "";
  return { repeat: { rrule: base + count } };
}

export function RepeatOptions({ choice, onChoice, queued }: { choice: RepeatChoice; onChoice: (c: RepeatChoice) => void; queued: boolean }) {
  const set = (patch: Partial<RepeatChoice>) => onChoice({ ...choice, ...patch });
  return (
    <fieldset className="space-y-3 rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <legend className="px-1 text-sm font-semibold">Repeat and evergreen</legend>
      <div className="flex flex-wrap items-end gap-3 text-sm">
        <label>
          <span className="block text-slate-600">Repeat</span>
          <select
            value={choice.every}
            disabled={queued}
            aria-describedby={queued ? "repeat-queued" : undefined}
            onChange={(e) => set({ every: e.target.value as RepeatChoice["every"], evergreen: e.target.value === "none" ? choice.evergreen : false })}
            className="rounded-md border-0 py-1.5 text-sm ring-1 ring-inset ring-slate-300"
          >
            <option value="none">Does not repeat</option>
            <option value="day">Every day at this time</option>
            <option value="week">Every week on this day and time</option>
            <option value="weekdays">Every weekday (Monday to Friday)</option>
            <option value="custom">Custom rule (RRULE)</option>
          </select>
        </label>
        {choice.every !== "none" && choice.every !== "custom" ? (
          <label>
            <span className="block text-slate-600">Times (empty: until you end it)</span>
            <input
              type="number"
              min={1}
              inputMode="numeric"
              value={choice.count}
              onChange={(e) => set({ count: e.target.value })}
              className="w-28 rounded-md border-0 py-1.5 text-sm ring-1 ring-inset ring-slate-300"
            />
          </label>
        ) : null}
        {choice.every === "custom" ? (
          <label className="min-w-64 flex-1">
            <span className="block text-slate-600">Rule</span>
            <input
              value={choice.custom}
              placeholder="FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;COUNT=8"
              aria-describedby="repeat-rule-help"
              onChange={(e) => set({ custom: e.target.value })}
              className="w-full rounded-md border-0 py-1.5 font-mono text-sm ring-1 ring-inset ring-slate-300"
            />
          </label>
        ) : null}
      </div>
      {choice.every === "custom" ? (
        <p id="repeat-rule-help" className="text-sm text-slate-600">
          An RFC 5545 rule in the chosen time zone, starting at the scheduled time (or now). Hourly at most.
        </p>
      ) : null}
      {queued ? (
        <p id="repeat-queued" className="text-sm text-slate-600">
          A queued post takes one slot; to repeat it, schedule it instead.
        </p>
      ) : null}
      {choice.every !== "none" ? (
        <p className="text-sm text-slate-600">
          Each time is a scheduled post of its own: skip, edit or move one in the calendar. X refuses the same text twice.
        </p>
      ) : null}
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5"
          checked={choice.evergreen}
          disabled={choice.every !== "none"}
          onChange={(e) => set({ evergreen: e.target.checked })}
        />
        <span>
          Evergreen: publish it again later into free queue slots of accounts whose queue has evergreen on
          {choice.every !== "none" ? " (not for a repeating post)" : ""}
        </span>
      </label>
    </fieldset>
  );
}
