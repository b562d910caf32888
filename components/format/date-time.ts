// The one way the dashboard writes dates and times: "26 Nov 2026, 14:05", 24-hour clock, day before
// month (unambiguous in every English-speaking country), and the time zone's name wherever a time
// was chosen in a zone (schedules). A fixed locale keeps server and browser renders identical.
const LOCALE = "en-GB";

type Instant = string | Date;
const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let f = cache.get(key);
  if (!f) cache.set(key, (f = new Intl.DateTimeFormat(LOCALE, options)));
  return f;
}

const DATE: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric" };
const TIME: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };

/** A past moment (created, synced, published): "26 Nov 2026, 14:05" in the browser's zone, or in `zone`. */
export function formatDateTime(instant: Instant, zone?: string): string {
  return formatter({ ...DATE, ...TIME, ...(zone ? { timeZone: zone } : {}) }).format(new Date(instant));
}

/** A scheduled moment, with its zone: "26 Nov 2026, 14:05 CET". */
export function formatInZone(instant: Instant, zone: string): string {
  return formatter({ ...DATE, ...TIME, timeZone: zone, timeZoneName: "short" }).format(new Date(instant));
}

/** A day: "26 Nov 2026". */
export function formatDate(instant: Instant, zone?: string): string {
  return formatter({ ...DATE, ...(zone ? { timeZone: zone } : {}) }).format(new Date(instant));
}

/** A day written as YYYY-MM-DD (a calendar cell), as "Thu, 26 Nov 2026". */
export function formatDayKey(day: string): string {
  return formatter({ weekday: "short", ...DATE, timeZone: "UTC" }).format(new Date(`${day}T12:00:00Z`));
}

/** A month written as YYYY-MM, as "November 2026". */
export function formatMonth(month: string): string {
  return formatter({ month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T12:00:00Z`));
}

/** The wall-clock time in a zone, "14:05" (also the value of an <input type="time">). */
export function timeInZone(instant: Instant, zone: string): string {
  return formatter({ ...TIME, timeZone: zone }).format(new Date(instant));
}
