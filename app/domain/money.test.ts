import { describe, expect, it } from "vitest";
import { formatShekel, toDecimalString } from "./money";

describe("toDecimalString", () => {
  it("writes agorot as a two-place decimal", () => {
    expect(toDecimalString(1290)).toBe("12.90");
    expect(toDecimalString(5)).toBe("0.05");
    expect(toDecimalString(0)).toBe("0.00");
    expect(toDecimalString(1_000_000)).toBe("10000.00");
    expect(toDecimalString(-250)).toBe("-2.50");
  });
});

describe("formatShekel", () => {
  it("shows shekels with two decimals and the ₪ sign", () => {
    expect(formatShekel(1290)).toMatch(/12\.90/);
    expect(formatShekel(1290)).toContain("₪");
  });

  it("rounds to whole shekels for admin revenue", () => {
    expect(formatShekel(123_456, "he", { whole: true })).toMatch(/1,235/);
    expect(formatShekel(123_456, "he", { whole: true })).not.toMatch(/\./);
  });
});
