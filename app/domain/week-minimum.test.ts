import { describe, expect, it } from "vitest";
import { deadlineInputValue, deadlineMoveProblem, missesMinimum, parseDeadlineInput, proRataShare, weekState } from "./week-minimum";
import { DAY_MS } from "./time";

const opensAt = new Date("2026-11-22T10:00:00Z");
const orderDeadline = new Date(opensAt.getTime() + 7 * DAY_MS);
const week = (revenue: number, minimum: number) => ({ revenue, minimum, opensAt, orderDeadline });
const at = (msAfterOpening: number) => new Date(opensAt.getTime() + msAfterOpening);

describe("missesMinimum", () => {
  it("never misses without a minimum, even with no revenue", () => {
    expect(missesMinimum(0, 0)).toBe(false);
  });
  it("misses below a minimum, not at it", () => {
    expect(missesMinimum(99_999, 100_000)).toBe(true);
    expect(missesMinimum(100_000, 100_000)).toBe(false);
  });
});

describe("weekState", () => {
  it("is no-minimum for a week without one, whatever the time", () => {
    expect(weekState(week(0, 0), at(7 * DAY_MS - 1000))).toBe("no-minimum");
  });
  it("is on track once the minimum is reached, even in the last hour", () => {
    expect(weekState(week(100_000, 100_000), at(7 * DAY_MS - 3_600_000))).toBe("on-track");
  });
  it("is at risk below the minimum with less than 24 hours left, even ahead of the pace", () => {
    expect(weekState(week(99_000, 100_000), at(6 * DAY_MS + 1000))).toBe("at-risk");
  });
  it("is at risk below the minimum once the deadline has passed and the close has not run", () => {
    expect(weekState(week(10, 100_000), at(7 * DAY_MS + 60_000))).toBe("at-risk");
  });
  it("is on track at or above the pro-rata share with more than a day left", () => {
    // Half the week gone: half the minimum is on pace.
    expect(weekState(week(50_000, 100_000), at(3.5 * DAY_MS))).toBe("on-track");
    expect(weekState(week(0, 100_000), at(0))).toBe("on-track");
  });
  it("is at risk below the pro-rata share with more than a day left", () => {
    expect(weekState(week(49_999, 100_000), at(3.5 * DAY_MS))).toBe("at-risk");
  });
});

describe("proRataShare", () => {
  it("grows with the part of the week gone by, from nothing to the whole minimum", () => {
    expect(proRataShare(week(0, 70_000), at(-DAY_MS))).toBe(0);
    expect(proRataShare(week(0, 70_000), at(DAY_MS))).toBe(10_000);
    expect(proRataShare(week(0, 70_000), at(9 * DAY_MS))).toBe(70_000);
  });
  it("asks for the whole minimum from a week that opened at or after its deadline", () => {
    expect(proRataShare({ minimum: 5000, opensAt: orderDeadline, orderDeadline }, opensAt)).toBe(5000);
  });
});

describe("deadlineMoveProblem", () => {
  const now = at(DAY_MS);
  const pickupDate = new Date(orderDeadline.getTime() + DAY_MS);
  it("allows a later deadline before the pickup, and an earlier one still ahead", () => {
    expect(deadlineMoveProblem(new Date(orderDeadline.getTime() + 3_600_000), pickupDate, now)).toBeNull();
    expect(deadlineMoveProblem(at(2 * DAY_MS), pickupDate, now)).toBeNull();
  });
  it("refuses a deadline now or in the past", () => {
    expect(deadlineMoveProblem(now, pickupDate, now)).toBe("past");
    expect(deadlineMoveProblem(at(0), pickupDate, now)).toBe("past");
  });
  it("refuses a deadline at or after the pickup", () => {
    expect(deadlineMoveProblem(pickupDate, pickupDate, now)).toBe("notBeforePickup");
    expect(deadlineMoveProblem(new Date(pickupDate.getTime() + 1), pickupDate, now)).toBe("notBeforePickup");
  });
});

describe("parseDeadlineInput", () => {
  it("reads a date-time field's value as Israeli time, and an ISO instant as itself", () => {
    // November: Israel is UTC+2.
    expect(parseDeadlineInput("2026-11-26T20:00")?.toISOString()).toBe("2026-11-26T18:00:00.000Z");
    expect(parseDeadlineInput("2026-11-26T18:00:00.000Z")?.toISOString()).toBe("2026-11-26T18:00:00.000Z");
    expect(deadlineInputValue(new Date("2026-11-26T18:00:00.000Z"))).toBe("2026-11-26T20:00");
  });
  it("refuses anything else", () => {
    for (const bad of ["", "tomorrow", "2026-02-31T10:00", "2026-11-26T25:00", "2026-11-26", 5, null]) expect(parseDeadlineInput(bad)).toBeNull();
  });
});
