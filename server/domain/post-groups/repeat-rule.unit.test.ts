// A recurring group's rule in its zone, from an injected "now": the acceptance's weekly rule,
// BYHOUR meaning on the hour, daylight-saving nights, refusals, and the horizon's batches.
import { describe, expect, it } from "vitest";
import { occurrences, parseRule, seriesStart } from "./repeat-rule.ts";

const now = new Date("2026-11-27T17:00:00Z"); // a Friday, 18:00 in Berlin
const far = new Date("2030-01-01T00:00:00Z");
const berlin = (d: Date) =>
  d.toLocaleString("en-GB", { timeZone: "Europe/Berlin", weekday: "short", day: "2-digit", month: "short", hour: "2-digit", minute: "2-digit" });

describe("repeat rule", () => {
  it("FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;COUNT=8 gives eight Mondays at 09:00 Berlin time, before and after the clocks change", () => {
    const rule = seriesStart("FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;COUNT=8", "Europe/Berlin", null, now);
    const times = occurrences(rule, now, far, 100);
    expect(times.map(berlin)).toEqual([
      "Mon 30 Nov, 09:00",
      "Mon 07 Dec, 09:00",
      "Mon 14 Dec, 09:00",
      "Mon 21 Dec, 09:00",
      "Mon 28 Dec, 09:00",
      "Mon 04 Jan, 09:00",
      "Mon 11 Jan, 09:00",
      "Mon 18 Jan, 09:00",
    ]);
    const spring = seriesStart("FREQ=WEEKLY;BYDAY=MO;BYHOUR=9", "Europe/Berlin", new Date("2027-03-20T12:00:00Z"), now);
    expect(occurrences(spring, now, new Date("2027-04-06T00:00:00Z"), 10).map((d) => d.toISOString())).toEqual([
      "2027-03-22T08:00:00.000Z", // CET
      "2027-03-29T07:00:00.000Z", // CEST: still 09:00 local
      "2027-04-05T07:00:00.000Z",
    ]);
  });

  it("places a time inside the skipped hour at the first minute after it, and one in the repeated hour once", () => {
    const forward = seriesStart("FREQ=DAILY;BYHOUR=2;BYMINUTE=30", "Europe/Berlin", new Date("2027-03-26T12:00:00Z"), now);
    expect(occurrences(forward, now, new Date("2027-03-30T00:00:00Z"), 10).map((d) => d.toISOString())).toEqual([
      "2027-03-27T01:30:00.000Z",
      "2027-03-28T01:00:00.000Z", // 02:30 does not exist that night: 03:00 CEST
      "2027-03-29T00:30:00.000Z",
    ]);
    const back = seriesStart("FREQ=DAILY;BYHOUR=2;BYMINUTE=30", "Europe/Berlin", new Date("2027-10-30T12:00:00Z"), now);
    expect(occurrences(back, now, new Date("2027-11-01T12:00:00Z"), 10).map((d) => d.toISOString())).toEqual([
      "2027-10-31T00:30:00.000Z", // the first 02:30 (CEST) only
      "2027-11-01T01:30:00.000Z",
    ]);
  });

  it("starts at scheduledAt when given (to the second), or the coming minute, and counts COUNT from there", () => {
    const rule = seriesStart("FREQ=DAILY;COUNT=3", "UTC", new Date("2026-12-01T10:15:42Z"), now);
    expect(occurrences(rule, now, far, 10).map((d) => d.toISOString())).toEqual([
      "2026-12-01T10:15:42.000Z",
      "2026-12-02T10:15:42.000Z",
      "2026-12-03T10:15:42.000Z",
    ]);
    // only what is after `after`, at most `limit`
    expect(occurrences(rule, new Date("2026-12-01T12:00:00Z"), far, 1).map((d) => d.toISOString())).toEqual(["2026-12-02T10:15:42.000Z"]);
    const fromNow = seriesStart("FREQ=DAILY;COUNT=2", "UTC", null, new Date("2026-12-01T10:15:42Z"));
    expect(occurrences(fromNow, new Date("2026-12-01T10:15:42Z"), far, 10).map((d) => d.toISOString())).toEqual([
      "2026-12-01T10:16:00.000Z",
      "2026-12-02T10:16:00.000Z",
    ]);
    // BYHOUR: on the hour, whatever the seconds of scheduledAt
    const nine = seriesStart("FREQ=DAILY;BYHOUR=9;COUNT=1", "UTC", new Date("2026-12-01T08:00:17Z"), now);
    expect(occurrences(nine, now, far, 10).map((d) => d.toISOString())).toEqual(["2026-12-01T09:00:00.000Z"]);
  });

  it("refuses what is not a single RRULE of hourly or rarer frequency", () => {
    expect(parseRule("RRULE:FREQ=DAILY")).toMatchObject({ rule: "FREQ=DAILY" });
    for (const bad of ["", "FREQ=SOMETIMES", "BYDAY=MO", "FREQ=MINUTELY", "FREQ=SECONDLY", "DTSTART:20260101T000000Z\nRRULE:FREQ=DAILY", "FREQ=DAILY;TZID=UTC"])
      expect(parseRule(bad), bad).toHaveProperty("problem");
  });
});
