import { describe, expect, test } from "vitest";
import { formatDate, formatDateTime, formatDayKey, formatInZone, formatMonth, timeInZone } from "./date-time";

describe("the one date-and-time format", () => {
  const instant = "2026-11-26T13:05:00Z";
  test("a moment reads day, short month, year and a 24-hour time", () => {
    expect(formatDateTime(instant, "UTC")).toBe("26 Nov 2026, 13:05");
    expect(formatDate(instant, "UTC")).toBe("26 Nov 2026");
  });
  test("a scheduled moment names its zone", () => {
    expect(formatInZone(instant, "Europe/Paris")).toBe("26 Nov 2026, 14:05 CET");
    expect(formatInZone("2026-07-01T13:05:00Z", "America/New_York")).toBe("1 Jul 2026, 09:05 GMT-4");
  });
  test("calendar days and months, and the time input's value", () => {
    expect(formatDayKey("2026-11-26")).toBe("Thu, 26 Nov 2026");
    expect(formatMonth("2026-11")).toBe("November 2026");
    expect(timeInZone("2026-11-26T23:30:00Z", "Asia/Tokyo")).toBe("08:30");
  });
});
