import { describe, expect, it } from "vitest";
import { firstPickupAfter, nextCycleDates, pointPickupAfter } from "./cycle-schedule";
import { israelTimeToInstant, wallClockAt } from "./time";

// Wednesday 20:00 deadline, a point open Fridays from 09:00 (Florentin in the demo data).
const friday = { pickupDays: [5], pickupStartTime: "09:00" };
const weekly = { deadlineDay: 3, deadlineTime: "20:00", points: [friday] };

describe("israelTimeToInstant", () => {
  it("reads Israeli winter time as UTC+2 and summer time as UTC+3", () => {
    expect(israelTimeToInstant(2026, 1, 15, 12, 0).toISOString()).toBe("2026-01-15T10:00:00.000Z");
    expect(israelTimeToInstant(2026, 7, 15, 12, 0).toISOString()).toBe("2026-07-15T09:00:00.000Z");
  });

  it("round-trips through the wall clock", () => {
    const instant = israelTimeToInstant(2026, 11, 25, 20, 0);
    expect(wallClockAt(instant)).toMatchObject({ year: 2026, month: 11, day: 25, hour: 20, minute: 0, weekday: 3 });
  });
});

describe("nextCycleDates", () => {
  it("closes this week's Wednesday at 20:00 when asked on Sunday", () => {
    const sunday = israelTimeToInstant(2026, 11, 22, 9, 0);
    const dates = nextCycleDates(weekly, sunday)!;
    expect(dates.orderDeadline.toISOString()).toBe("2026-11-25T18:00:00.000Z");
    expect(dates.pickupDate.toISOString()).toBe("2026-11-27T07:00:00.000Z");
    expect(dates.weekStartDate).toBe("2026-11-22");
  });

  it("moves to next week once the deadline has passed, even by a minute", () => {
    const justAfter = israelTimeToInstant(2026, 11, 25, 20, 1);
    const dates = nextCycleDates(weekly, justAfter)!;
    expect(dates.orderDeadline.toISOString()).toBe("2026-12-02T18:00:00.000Z");
    expect(dates.weekStartDate).toBe("2026-11-29");
  });

  it("puts pickup on the following week when the pickup weekday comes before the deadline", () => {
    const settings = { deadlineDay: 4, deadlineTime: "22:00", points: [{ pickupDays: [1], pickupStartTime: "17:00" }] };
    const dates = nextCycleDates(settings, israelTimeToInstant(2026, 11, 22, 9, 0))!;
    expect(wallClockAt(dates.orderDeadline)).toMatchObject({ weekday: 4, day: 26 });
    expect(wallClockAt(dates.pickupDate)).toMatchObject({ weekday: 1, day: 30, hour: 17 });
  });

  it("keeps the wall-clock deadline across the spring clock change", () => {
    // Israel moved to summer time on Friday 27 March 2026.
    const dates = nextCycleDates({ ...weekly, deadlineDay: 0 }, israelTimeToInstant(2026, 3, 26, 12, 0))!;
    expect(wallClockAt(dates.orderDeadline)).toMatchObject({ month: 3, day: 29, hour: 20, minute: 0 });
  });

  it("refuses a malformed time", () => {
    expect(() => nextCycleDates({ ...weekly, deadlineTime: "8pm" }, new Date())).toThrow(/HH:MM/);
  });

  it("takes the pickup date from the point that opens first after the deadline", () => {
    const thursdayEvening = { pickupDays: [4, 6], pickupStartTime: "17:00" };
    const dates = nextCycleDates({ ...weekly, points: [friday, thursdayEvening] }, israelTimeToInstant(2026, 11, 22, 9, 0))!;
    expect(wallClockAt(dates.pickupDate)).toMatchObject({ weekday: 4, day: 26, hour: 17 });
  });

  it("opens no week without a point that has a pickup day", () => {
    expect(nextCycleDates({ ...weekly, points: [] }, new Date())).toBeNull();
    expect(nextCycleDates({ ...weekly, points: [{ pickupDays: [], pickupStartTime: "09:00" }] }, new Date())).toBeNull();
  });
});

describe("a point's pickup after a deadline", () => {
  const deadline = israelTimeToInstant(2026, 11, 25, 20, 0); // Wednesday 20:00

  it("counts the deadline's own day when the point opens later that day, else next week", () => {
    expect(wallClockAt(pointPickupAfter({ pickupDays: [3], pickupStartTime: "21:00" }, deadline)!)).toMatchObject({ day: 25, hour: 21 });
    expect(wallClockAt(pointPickupAfter({ pickupDays: [3], pickupStartTime: "09:00" }, deadline)!)).toMatchObject({ day: 2, month: 12, hour: 9 });
  });

  it("picks the earliest of several points and days", () => {
    const first = firstPickupAfter([friday, { pickupDays: [0, 4], pickupStartTime: "08:00" }], deadline)!;
    expect(wallClockAt(first)).toMatchObject({ weekday: 4, day: 26, hour: 8 });
  });
});
