// "in 3 hours", "in 2 days": how far off an instant is, in the largest whole unit.
const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

export function relativeTime(instant: string, now = Date.now()): string {
  const ms = Date.parse(instant) - now;
  const format = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
  for (const [unit, size] of units) if (Math.abs(ms) >= size) return format.format(Math.round(ms / size), unit);
  return ms >= 0 ? "in less than a minute" : "just now";
}
