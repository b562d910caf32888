import { describe, expect, it } from "vitest";
import { dayKey, dayRange, monthDays, moveToDay, resolveWallTime, weekDays } from "./wall-time.ts";

describe("wall-clock times across daylight-saving changes", () => {
  it("moves a time skipped by the spring jump forward by the jump, and says so", () => {
    expect(resolveWallTime("2026-03-08", "02:30", "America/New_York")).toEqual({ iso: "2026-03-08T03:30:00-04:00", note: "skipped" });
    expect(resolveWallTime("2026-03-29", "02:15", "Europe/Berlin")).toEqual({ iso: "2026-03-29T03:15:00+02:00", note: "skipped" });
    expect(resolveWallTime("2026-03-08", "03:00", "America/New_York")).toEqual({ iso: "2026-03-08T03:00:00-04:00", note: null });
  });

  it("takes the first of a time repeated by the autumn fall-back, and says so", () => {
    expect(resolveWallTime("2026-11-01", "01:30", "America/New_York")).toEqual({ iso: "2026-11-01T01:30:00-04:00", note: "repeated" });
    expect(resolveWallTime("2026-10-25", "02:30", "Europe/Berlin")).toEqual({ iso: "2026-10-25T02:30:00+02:00", note: "repeated" });
    expect(resolveWallTime("2026-11-01", "02:30", "America/New_York")).toEqual({ iso: "2026-11-01T02:30:00-05:00", note: null });
  });

  it("keeps the wall-clock time when a post is dragged across a DST change", () => {
    // 09:00 in New York before (EST, -5) and after (EDT, -4) the March change
    expect(moveToDay("2026-03-06T14:00:00Z", "America/New_York", "2026-03-09").iso).toBe("2026-03-09T09:00:00-04:00");
    expect(moveToDay("2026-10-23T07:00:00Z", "Europe/Berlin", "2026-10-26").iso).toBe("2026-10-26T09:00:00+01:00");
  });

  it("puts instants on the right day, and days of 23 and 25 hours span their real length", () => {
    expect(dayKey("2026-03-29T22:30:00Z", "Europe/Berlin")).toBe("2026-03-30");
    expect(dayKey("2026-03-29T21:30:00Z", "Europe/Berlin")).toBe("2026-03-29");
    const spring = dayRange(["2026-03-29"], "Europe/Berlin");
    expect((Date.parse(spring.to) - Date.parse(spring.from)) / 3_600_000).toBe(23);
    const autumn = dayRange(["2026-10-25"], "Europe/Berlin");
    expect((Date.parse(autumn.to) - Date.parse(autumn.from)) / 3_600_000).toBe(25);
  });

  it("builds month views of whole Monday-first weeks, and week views of seven days", () => {
    const march = monthDays("2026-03", "Europe/Berlin");
    expect(march[0]).toBe("2026-02-23");
    expect(march.at(-1)).toBe("2026-04-05");
    expect(march.length % 7).toBe(0);
    expect(new Set(march).size).toBe(march.length);
    expect(weekDays("2026-11-01", "America/New_York")).toEqual([
      "2026-10-26",
      "2026-10-27",
      "2026-10-28",
      "2026-10-29",
      "2026-10-30",
      "2026-10-31",
      "2026-11-01",
    ]);
  });
});
