import { describe, expect, it } from "vitest";
import { CLOCK_TIME_PATTERN, formatTimeRange, normalizeClockTime, parseClockTime } from "./time";

describe("formatTimeRange", () => {
  it("keeps the start first inside a left-to-right isolate, whatever the sentence's direction", () => {
    expect(formatTimeRange("08:30", "11:30")).toBe("\u206608:30–11:30\u2069");
  });
});

describe("normalizeClockTime: the one parser of a typed time (#45)", () => {
  it("accepts H:MM as well as HH:MM and stores HH:MM", () => {
    expect(normalizeClockTime("9:00")).toBe("09:00");
    expect(normalizeClockTime("09:00")).toBe("09:00");
    expect(normalizeClockTime("0:05")).toBe("00:05");
    expect(normalizeClockTime(" 7:30 ")).toBe("07:30");
    expect(normalizeClockTime("23:59")).toBe("23:59");
  });

  it("refuses what is not a time of day", () => {
    for (const bad of ["", "9", "900", "9:0", "9:60", "24:00", "25:00", "-1:00", "09:00:00", "9.00", "ט:00", "009:00"]) {
      expect(normalizeClockTime(bad), bad).toBeNull();
    }
  });

  it("lets the browser's pattern through exactly what the server accepts", () => {
    const pattern = new RegExp(`^(?:${CLOCK_TIME_PATTERN})$`);
    for (const value of ["9:00", "09:00", "23:59", "0:00"]) expect(pattern.test(value), value).toBe(true);
    for (const value of ["24:00", "9:0", "9:60", "900"]) expect(pattern.test(value), value).toBe(false);
  });

  it("parseClockTime reads both forms and throws on anything else", () => {
    expect(parseClockTime("9:05")).toEqual([9, 5]);
    expect(parseClockTime("20:00")).toEqual([20, 0]);
    expect(() => parseClockTime("8 pm")).toThrow(/Not a HH:MM time/);
  });
});
