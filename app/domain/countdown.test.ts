import { describe, expect, it } from "vitest";
import { andKey, countdownState, roughRemaining, splitRemaining, URGENT_MS } from "./countdown";

const deadline = "2026-11-25T18:00:00.000Z";
const at = (iso: string) => new Date(iso).getTime();

describe("countdownState", () => {
  it("counts down, and turns urgent under 6 hours", () => {
    expect(countdownState({ orderDeadline: deadline, isOrderingOpen: true }, at("2026-11-24T18:00:00Z"))).toEqual({ kind: "counting", remainingMs: 86_400_000, urgent: false });
    const late = countdownState({ orderDeadline: deadline, isOrderingOpen: true }, at(deadline) - URGENT_MS + 1);
    expect(late).toMatchObject({ kind: "counting", urgent: true });
  });

  it("is closed past the deadline or when ordering is closed", () => {
    expect(countdownState({ orderDeadline: deadline, isOrderingOpen: true }, at(deadline))).toEqual({ kind: "closed" });
    expect(countdownState({ orderDeadline: deadline, isOrderingOpen: false }, at("2026-11-20T00:00:00Z"))).toEqual({ kind: "closed" });
  });

  it("knows loading, error and waiting for a new cycle", () => {
    expect(countdownState(null, 0)).toEqual({ kind: "loading" });
    expect(countdownState("error", 0)).toEqual({ kind: "error" });
    expect(countdownState({ orderDeadline: null, isOrderingOpen: false }, 0)).toEqual({ kind: "no-deadline" });
  });
});

describe("splitRemaining", () => {
  it("splits into days and a clock", () => {
    expect(splitRemaining(2 * 86_400_000 + 3 * 3_600_000 + 4 * 60_000 + 5_000)).toEqual({ days: 2, clock: "03:04:05" });
    expect(splitRemaining(-5)).toEqual({ days: 0, clock: "00:00:00" });
  });
});

describe("roughRemaining", () => {
  it("gives days and hours while a day or more is left", () => {
    expect(roughRemaining(2 * 86_400_000 + 4 * 3_600_000 + 59 * 60_000)).toEqual({ days: 2, hours: 4, minutes: 0 });
  });

  it("gives hours and minutes under a day, and at least a minute while time is left", () => {
    expect(roughRemaining(5 * 3_600_000 + 12 * 60_000)).toEqual({ days: 0, hours: 5, minutes: 12 });
    expect(roughRemaining(10_000)).toEqual({ days: 0, hours: 0, minutes: 1 });
    expect(roughRemaining(-1)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });
});

describe("andKey", () => {
  it("joins a word straight on, and a number with the hyphen", () => {
    expect(andKey("שעה אחת")).toBe("browse.time.and");
    expect(andKey("שעתיים")).toBe("browse.time.and");
    expect(andKey("5 שע׳")).toBe("browse.time.andNumber");
    expect(andKey("12 דק׳")).toBe("browse.time.andNumber");
  });
});
