// The acceptance of issue 49's slots, from an injected "now": a plain week and the weeks of both
// daylight-saving changes in Europe/Berlin, and the skipped and repeated hours themselves.
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { freeSlots, normalizeSlots, slotInstants, type Slot, type WeeklySchedule } from "./slot-times.ts";

const weekdays = ["mon", "tue", "wed", "thu", "fri"] as const;
const berlin: WeeklySchedule = {
  timezone: "Europe/Berlin",
  slots: weekdays.flatMap((day) => [
    { day, time: "09:00" },
    { day, time: "17:00" },
  ]),
};
const local = (iso: string) => DateTime.fromISO(iso, { zone: "Europe/Berlin" }).toJSDate();
const shown = (dates: Date[]) => dates.map((d) => DateTime.fromJSDate(d, { zone: "Europe/Berlin" }).toFormat("ccc HH:mm ZZ"));

/** Five posts added one after another: each takes the first slot the ones before left free. */
function addFive(now: Date): Date[] {
  const taken = new Set<number>();
  return Array.from({ length: 5 }, () => {
    const [at] = freeSlots(berlin, now, 1, taken);
    taken.add(at!.getTime());
    return at!;
  });
}

describe("posting slots", () => {
  it("five posts added on a Friday at 18:00 land Mon 09:00, Mon 17:00, Tue 09:00, Tue 17:00 and Wed 09:00 local", () => {
    const at = addFive(local("2026-12-04T18:00"));
    expect(shown(at)).toEqual(["Mon 09:00 +01:00", "Mon 17:00 +01:00", "Tue 09:00 +01:00", "Tue 17:00 +01:00", "Wed 09:00 +01:00"]);
    expect(at[0]!.toISOString()).toBe("2026-12-07T08:00:00.000Z");
  });

  it("the same local times in the week clocks go forward (Sunday 28 March 2027) and back (Sunday 25 October 2026)", () => {
    const spring = addFive(local("2027-03-26T18:00"));
    expect(shown(spring)).toEqual(["Mon 09:00 +02:00", "Mon 17:00 +02:00", "Tue 09:00 +02:00", "Tue 17:00 +02:00", "Wed 09:00 +02:00"]);
    expect(spring[0]!.toISOString()).toBe("2027-03-29T07:00:00.000Z");
    const autumn = addFive(local("2026-10-23T18:00"));
    expect(shown(autumn)).toEqual(["Mon 09:00 +01:00", "Mon 17:00 +01:00", "Tue 09:00 +01:00", "Tue 17:00 +01:00", "Wed 09:00 +01:00"]);
    expect(autumn[0]!.toISOString()).toBe("2026-10-26T08:00:00.000Z");
    // a Friday slot before the change and a Monday slot after it: both 09:00 local
    const across = freeSlots(berlin, local("2026-10-23T08:00"), 2);
    expect(shown(across)).toEqual(["Fri 09:00 +02:00", "Fri 17:00 +02:00"]);
  });

  it("a slot in the skipped hour happens at the next valid minute; two there are one slot", () => {
    const sunday: WeeklySchedule = { timezone: "Europe/Berlin", slots: [{ day: "sun", time: "02:30" }] };
    const [gap] = freeSlots(sunday, local("2027-03-27T12:00"), 1);
    expect(gap!.toISOString()).toBe("2027-03-28T01:00:00.000Z"); // 03:00 CEST
    const two: WeeklySchedule = {
      timezone: "Europe/Berlin",
      slots: [
        { day: "sun", time: "02:15" },
        { day: "sun", time: "02:45" },
        { day: "sun", time: "03:00" },
      ],
    };
    const week = freeSlots(two, local("2027-03-27T12:00"), 2);
    expect(week.map((d) => d.toISOString())).toEqual(["2027-03-28T01:00:00.000Z", "2027-04-04T00:15:00.000Z"]);
    // New York jumps at 02:00 too: its 02:30 becomes 03:00 EDT
    const ny = freeSlots({ timezone: "America/New_York", slots: [{ day: "sun", time: "02:30" }] }, new Date("2027-03-13T12:00:00Z"), 1);
    expect(ny[0]!.toISOString()).toBe("2027-03-14T07:00:00.000Z");
  });

  it("a slot in the repeated hour happens once, at its first occurrence", () => {
    const sunday: WeeklySchedule = { timezone: "Europe/Berlin", slots: [{ day: "sun", time: "02:30" }] };
    const slots = freeSlots(sunday, local("2026-10-24T12:00"), 2);
    expect(slots.map((d) => d.toISOString())).toEqual(["2026-10-25T00:30:00.000Z", "2026-11-01T01:30:00.000Z"]);
  });

  it("skips taken slots and slots already past, and merges duplicates", () => {
    const now = local("2026-12-07T09:00"); // exactly at Monday's first slot: it is past
    const taken = new Set([local("2026-12-07T17:00").getTime()]);
    expect(shown(freeSlots(berlin, now, 2, taken))).toEqual(["Tue 09:00 +01:00", "Tue 17:00 +01:00"]);
    const twice: Slot[] = [
      { day: "tue", time: "09:00" },
      { day: "mon", time: "17:00" },
      { day: "tue", time: "09:00" },
    ];
    expect(normalizeSlots(twice)).toEqual([
      { day: "mon", time: "17:00" },
      { day: "tue", time: "09:00" },
    ]);
    expect([...slotInstants({ timezone: "UTC", slots: [] }, now)]).toEqual([]);
  });
});
