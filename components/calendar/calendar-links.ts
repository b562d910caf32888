// Where the calendar sends a click: the composer prefilled with a time (?at=) or a draft (?draft=).
// A day's compose time is 09:00 in the chosen zone, or the next full hour when today is past it;
// nothing in the past is offered.
import { DateTime } from "luxon";
import { resolveWallTime, today } from "@/server/domain/scheduling/wall-time";

export const DEFAULT_HOUR = 9;

export const composeAtHref = (iso: string) => `/compose?at=${encodeURIComponent(iso)}`;
export const draftHref = (draftId: string) => `/compose?draft=${encodeURIComponent(draftId)}`;

const hh = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/** The instant of `day` at `hour`:00 in the zone, or null when that is not in the future. */
export function slotInstant(day: string, hour: number, zone: string, now = Date.now()): string | null {
  const { iso } = resolveWallTime(day, hh(hour), zone);
  return Date.parse(iso) > now ? iso : null;
}

/** When a click on a day composes: 09:00, or today's next full hour after 09:00; null for a day gone by. */
export function dayComposeInstant(day: string, zone: string, now = Date.now()): string | null {
  const current = today(zone);
  if (day < current) return null;
  const preferred = slotInstant(day, DEFAULT_HOUR, zone, now);
  if (preferred) return preferred;
  const nextHour = DateTime.fromMillis(now, { zone }).plus({ hours: 1 }).startOf("hour");
  return nextHour.toFormat("yyyy-MM-dd") === day ? nextHour.toISO({ suppressMilliseconds: true }) : null;
}

/** Whether the day is over in the zone. */
export const isPastDay = (day: string, zone: string) => day < today(zone);
