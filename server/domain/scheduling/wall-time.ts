// Wall-clock times in a chosen IANA time zone, as the calendar and the composer's picker use
// them. Daylight-saving edges are decided here, once: a time that does not exist (clocks
// jump forward) moves forward by the jump, and a time that happens twice (clocks fall back)
// means its first occurrence. Both are reported so the dashboard can say so.
import { DateTime, IANAZone } from "luxon";

export const isValidTimeZone = (zone: string): boolean => IANAZone.isValidZone(zone);

export type ResolvedWallTime = { iso: string; note: "skipped" | "repeated" | null };

/** "2026-03-08" + "02:30" in "America/New_York" → the instant, as ISO 8601 with its offset. */
export function resolveWallTime(date: string, time: string, zone: string): ResolvedWallTime {
  const wall = DateTime.fromISO(`${date}T${time}`, { zone: "utc" });
  if (!wall.isValid || !isValidTimeZone(zone)) throw new RangeError(`${date} ${time} in ${zone} is not a valid time`);
  const tz = IANAZone.create(zone);
  const w = wall.toMillis();
  // The offsets in force around that wall time; each gives a candidate instant, which is real
  // only if it shows that wall time in the zone.
  const offsets = [...new Set([tz.offset(w - 86_400_000), tz.offset(w), tz.offset(w + 86_400_000)])];
  const real = offsets
    .map((o) => w - o * 60_000)
    .filter((t) => tz.offset(t) * 60_000 + t === w)
    .sort((a, b) => a - b);
  if (real.length > 0) {
    const at = DateTime.fromMillis(real[0]!, { zone });
    return { iso: at.toISO({ suppressMilliseconds: true })!, note: real.length > 1 ? "repeated" : null };
  }
  // Skipped by a jump forward: the same distance past the jump (02:30 → 03:30 for a one-hour jump).
  const before = Math.min(...offsets);
  const at = DateTime.fromMillis(w - before * 60_000, { zone });
  return { iso: at.toISO({ suppressMilliseconds: true })!, note: "skipped" };
}

/** The calendar day ("yyyy-MM-dd") an instant falls on in the zone. */
export function dayKey(instant: Date | string, zone: string): string {
  return toZone(instant, zone).toFormat("yyyy-MM-dd");
}

/** "HH:mm" of an instant in the zone. */
export function clockTime(instant: Date | string, zone: string): string {
  return toZone(instant, zone).toFormat("HH:mm");
}

/** The same wall-clock time on another day of the zone (a drag in the calendar). */
export function moveToDay(instant: Date | string, zone: string, day: string): ResolvedWallTime {
  return resolveWallTime(day, clockTime(instant, zone), zone);
}

/** The days of a month view: whole weeks (Monday first) covering the month. */
export function monthDays(month: string, zone: string): string[] {
  const first = DateTime.fromISO(`${month}-01`, { zone });
  const start = first.minus({ days: first.weekday - 1 });
  const last = first.endOf("month");
  const end = last.plus({ days: 7 - last.weekday });
  return daysBetween(start, end);
}

/** The seven days (Monday first) of the week containing `day`. */
export function weekDays(day: string, zone: string): string[] {
  const d = DateTime.fromISO(day, { zone });
  const start = d.minus({ days: d.weekday - 1 });
  return daysBetween(start, start.plus({ days: 6 }));
}

/** The instants a list of days spans in the zone: [start of the first, start of the day after the last). */
export function dayRange(days: string[], zone: string): { from: string; to: string } {
  const from = DateTime.fromISO(days[0]!, { zone }).startOf("day");
  const to = DateTime.fromISO(days[days.length - 1]!, { zone })
    .startOf("day")
    .plus({ days: 1 });
  return { from: from.toUTC().toISO()!, to: to.toUTC().toISO()! };
}

export function shiftMonth(month: string, by: number): string {
  return DateTime.fromISO(`${month}-01`).plus({ months: by }).toFormat("yyyy-MM");
}

export function shiftDay(day: string, by: number): string {
  return DateTime.fromISO(day).plus({ days: by }).toFormat("yyyy-MM-dd");
}

export function today(zone: string): string {
  return DateTime.now().setZone(zone).toFormat("yyyy-MM-dd");
}

function toZone(instant: Date | string, zone: string): DateTime {
  return (typeof instant === "string" ? DateTime.fromISO(instant) : DateTime.fromJSDate(instant)).setZone(zone);
}

function daysBetween(start: DateTime, end: DateTime): string[] {
  const days: string[] = [];
  for (let d = start.startOf("day"); d <= end; d = d.plus({ days: 1 })) days.push(d.toFormat("yyyy-MM-dd"));
  return days;
}
