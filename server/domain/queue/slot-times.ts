// The instants of a posting schedule's weekly slots, computed from a given "now" (pure, so the
// daylight-saving weeks are tested on any day). A slot is a wall-clock time in the schedule's
// zone: 09:00 stays 09:00 local across a change of offset. A slot inside a skipped hour (clocks
// jump forward) happens at the next valid minute (02:30 → 03:00); one inside a repeated hour
// (clocks fall back) happens once, at its first occurrence.
import { DateTime, IANAZone } from "luxon";

export const DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Day = (typeof DAYS)[number];
export type Slot = { day: Day; time: string };
export type WeeklySchedule = { timezone: string; slots: readonly Slot[] };

const MINUTE = 60_000;

/** Slots sorted by day then time, each once. */
export function normalizeSlots(slots: readonly Slot[]): Slot[] {
  const keys = new Set(slots.map((s) => `${DAYS.indexOf(s.day)}|${s.time}`));
  return [...keys].sort().map((k) => {
    const [day, time] = k.split("|");
    return { day: DAYS[Number(day)]!, time: time! };
  });
}

/**
 * The instant of a wall-clock minute in the zone: the first occurrence when it happens twice,
 * the first minute after the gap when it does not happen at all.
 */
export function wallClockInstant(zone: IANAZone, year: number, month: number, day: number, hour: number, minute: number): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // Clocks move by at most a few hours: the offsets in force around that wall time give the candidates.
  const offsets = [...new Set([zone.offset(wall - 86_400_000), zone.offset(wall), zone.offset(wall + 86_400_000)])];
  const real = offsets.map((o) => wall - o * MINUTE).filter((t) => t + zone.offset(t) * MINUTE === wall);
  if (real.length > 0) return Math.min(...real);
  // Skipped: the gap ends at the transition, the first instant whose offset is the later one.
  let lo = wall - Math.max(...offsets) * MINUTE; // still before the jump
  let hi = wall - Math.min(...offsets) * MINUTE; // already after it
  while (hi - lo > MINUTE) {
    const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
    if (mid + zone.offset(mid) * MINUTE > wall) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** Every slot instant strictly after `from`, in time order (an endless series unless the schedule has no slots). */
export function* slotInstants(schedule: WeeklySchedule, from: Date): Generator<Date> {
  const slots = normalizeSlots(schedule.slots);
  if (slots.length === 0) return;
  const zone = IANAZone.create(schedule.timezone);
  if (!zone.isValid) throw new RangeError(`not an IANA time zone: ${schedule.timezone}`);
  const byWeekday = DAYS.map((d) => slots.filter((s) => s.day === d).map((s) => s.time.split(":").map(Number) as [number, number]));
  let day = DateTime.fromJSDate(from, { zone: schedule.timezone }).startOf("day");
  let last = -Infinity;
  for (;;) {
    for (const [hour, minute] of byWeekday[day.weekday - 1]!) {
      const at = wallClockInstant(zone, day.year, day.month, day.day, hour, minute);
      // two slots in one gap land on the same minute: it is one slot
      if (at > from.getTime() && at > last) {
        last = at;
        yield new Date(at);
      }
    }
    day = day.plus({ days: 1 });
  }
}

/** The first `count` slot instants after `from` that no post holds (`taken`: epoch milliseconds of whole minutes). */
export function freeSlots(schedule: WeeklySchedule, from: Date, count: number, taken: ReadonlySet<number> = new Set()): Date[] {
  const found: Date[] = [];
  if (count <= 0) return found;
  for (const at of slotInstants(schedule, from)) {
    if (taken.has(at.getTime())) continue;
    found.push(at);
    if (found.length === count) break;
  }
  return found;
}
