import { describe, expect, it } from "vitest";
import { formatShekel, formatWholeShekel, toDecimalString } from "./money";

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
  it("says what Intl's currency format says, without its direction marks", () => {
    const intl = (locale: string) => new Intl.NumberFormat(locale === "he" ? "he-IL" : "en-IL", { style: "currency", currency: "ILS", minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const values = [0, 1, 5, 99, 100, 1290, 99_999, 100_000, 123_456, 1_000_000, 123_456_789, 99_999_999_999, -1, -1290, -123_456_789];
    for (const locale of ["he", "en"]) {
      const format = intl(locale);
      for (const agorot of values) {
        const expected = format.format(agorot / 100).replace(/[\u200e\u200f]/g, "").replace(/\s+/g, " ");
        expect(formatShekel(agorot, locale), `${locale} ${agorot}`).toBe(`\u2066${expected}\u2069`);
      }
    }
  });

  it("shows shekels with two decimals and the ₪ sign", () => {
    expect(formatShekel(1290)).toBe("\u206612.90 ₪\u2069");
    expect(formatShekel(1290, "en")).toBe("\u2066₪12.90\u2069");
    expect(formatShekel(123_456)).toBe("\u20661,234.56 ₪\u2069");
    expect(formatShekel(1000)).toBe("\u206610.00 ₪\u2069");
  });

  it("isolates the amount left to right and carries no right-to-left mark", () => {
    // A Hebrew sentence around the amount must not move the sign to the other side.
    for (const locale of ["he", "en"]) {
      const text = formatShekel(990, locale);
      expect(text.startsWith("\u2066") && text.endsWith("\u2069")).toBe(true);
      expect(text).not.toMatch(/[\u200e\u200f]/);
    }
  });
});

describe("formatWholeShekel: the admin's summary figures (#45)", () => {
  it("rounds to whole shekels, in the same isolate and sign order as formatShekel", () => {
    expect(formatWholeShekel(1234549, "he")).toBe("\u206612,345 ₪\u2069");
    expect(formatWholeShekel(1234550, "he")).toBe("\u206612,346 ₪\u2069");
    expect(formatWholeShekel(4049, "en")).toBe("\u2066₪40\u2069");
    expect(formatWholeShekel(0, "he")).toBe("\u20660 ₪\u2069");
    expect(formatWholeShekel(-25000, "he")).toBe("\u2066-250 ₪\u2069");
  });
});
