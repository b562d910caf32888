// A recurring post group's rule (issue 49): an RFC 5545 RRULE read by the `rrule` library, whose
// times are wall-clock times in the group's zone. The library works in "floating" time (the
// zone's wall clock written as UTC fields); each occurrence is then placed in the zone with the
// queue's daylight-saving rules (wallClockInstant: a skipped time moves to the first minute after
// the gap, a repeated one happens once). Pure, so the rules are unit-tested on any day.
import { IANAZone, DateTime } from "luxon";
import * as rruleModule from "rrule";
import { wallClockInstant } from "../queue/slot-times.ts";

export type RepeatRule = { rrule: string; timezone: string; dtstart: string };

// rrule's Node entry is a UMD bundle whose names Node's ESM loader cannot see (they are on its
// default export); bundlers read its ESM build, which has them by name.
const { Frequency, RRule } = ("RRule" in rruleModule ? rruleModule : (rruleModule as unknown as { default: typeof rruleModule }).default) as typeof rruleModule;

/** Occurrences materialized ahead of time per target; the worker's series task extends them as time passes. */
export const SERIES_HORIZON_DAYS = 60;
export const SERIES_BATCH = 100;

/** The rule's options, or the reason it is refused (in words for the `repeat.rrule` issue). */
export function parseRule(text: string): { rule: string; options: Partial<rruleModule.Options> } | { problem: string } {
  const rule = text.trim().replace(/^RRULE:/i, "");
  if (rule === "") return { problem: "must be an RRULE such as FREQ=WEEKLY;BYDAY=MO;BYHOUR=9" };
  if (/DTSTART|TZID|[\r\n]/i.test(rule))
    return { problem: "must be a single RRULE without DTSTART or TZID: the first time is scheduledAt (or now) and the zone is the group's timezone" };
  let options;
  try {
    options = RRule.parseString(rule);
  } catch (err) {
    return { problem: `is not a valid RRULE (${err instanceof Error ? err.message : String(err)})` };
  }
  if (options.freq === undefined) return { problem: "must name FREQ (YEARLY, MONTHLY, WEEKLY, DAILY or HOURLY)" };
  if (options.freq === Frequency.MINUTELY || options.freq === Frequency.SECONDLY)
    return { problem: "repeats more often than hourly, which no platform accepts" };
  // BYHOUR=9 means 09:00:00, not 09 and the minutes (and seconds) of the moment the series starts
  if (options.byhour != null && options.byminute == null) options.byminute = 0;
  if ((options.byhour != null || options.byminute != null) && options.bysecond == null) options.bysecond = 0;
  return { rule, options };
}

/**
 * The series' start as a wall clock in the zone: scheduledAt (to the second), or else the coming
 * minute (so that, without BYHOUR, the first occurrence is the next minute and COUNT counts it).
 */
export function seriesStart(rrule: string, timezone: string, scheduledAt: Date | null, now: Date): RepeatRule {
  const start = new Date(scheduledAt ? Math.floor(scheduledAt.getTime() / 1000) * 1000 : Math.ceil((now.getTime() + 1) / 60_000) * 60_000);
  const wall = DateTime.fromJSDate(start, { zone: timezone });
  return { rrule, timezone, dtstart: wall.toFormat("yyyy-LL-dd'T'HH:mm:ss") };
}

/** The occurrences strictly after `after` and not after `until`, at most `limit`, in time order. */
export function occurrences(repeat: RepeatRule, after: Date, until: Date, limit: number): Date[] {
  const parsed = parseRule(repeat.rrule);
  if ("problem" in parsed) throw new RangeError(parsed.problem);
  const zone = IANAZone.create(repeat.timezone);
  const [date, time] = repeat.dtstart.split("T");
  const [y, mo, d] = date!.split("-").map(Number) as [number, number, number];
  const [h, mi, sec = 0] = time!.split(":").map(Number) as [number, number, number?];
  const rule = new RRule({ ...parsed.options, dtstart: new Date(Date.UTC(y, mo - 1, d, h, mi, sec)) });
  const floating = (at: Date) => {
    const wall = DateTime.fromJSDate(at, { zone: repeat.timezone });
    return new Date(Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second, wall.millisecond));
  };
  // an hour of margin either side: the floating bounds shift by the zone's offset change
  const from = new Date(floating(after).getTime() - 3_600_000);
  const to = new Date(floating(until).getTime() + 3_600_000);
  const found: Date[] = [];
  let last = -Infinity;
  rule.between(from, to, true, (f) => {
    const at = wallClockInstant(zone, f.getUTCFullYear(), f.getUTCMonth() + 1, f.getUTCDate(), f.getUTCHours(), f.getUTCMinutes()) + f.getUTCSeconds() * 1000;
    // two wall times in one gap land on the same minute: one occurrence
    if (at > after.getTime() && at <= until.getTime() && at > last) {
      last = at;
      found.push(new Date(at));
    }
    return found.length < limit;
  });
  return found;
}

/** Whether the rule can give more than one occurrence (X refuses the same text twice). */
export function repeatsMoreThanOnce(repeat: RepeatRule, now: Date): boolean {
  return occurrences(repeat, now, new Date(now.getTime() + 10 * 366 * 86_400_000), 2).length > 1;
}
