import { describe, expect, it } from "vitest";
import { checkTiers, shekelsToAgorot } from "./tier-rules";

const row = (minRevenue: string | number, discountPercent: string | number, tierName = "שלב") => ({ minRevenue, discountPercent, tierName });

describe("checkTiers", () => {
  it("accepts rising thresholds from 0 with rising discounts, in agorot", () => {
    expect(checkTiers([row("0", "0", "רגיל"), row("1,500.50", 5, "כסף"), row(3000, "10", "זהב")])).toEqual({
      ok: true,
      tiers: [
        { minRevenue: 0, discountPercent: 0, tierName: "רגיל" },
        { minRevenue: 150050, discountPercent: 5, tierName: "כסף" },
        { minRevenue: 300000, discountPercent: 10, tierName: "זהב" },
      ],
    });
  });

  it("skips blank spare rows but keeps row numbers as given", () => {
    const result = checkTiers([row("100", "5"), { minRevenue: "", discountPercent: "", tierName: "" }, null, row("50", "10")]);
    expect(result).toEqual({ ok: false, errors: [{ row: 3, field: "minRevenue", message: "admin.communities.tiers.errors.minRevenueNotRising" }] });
  });

  it("refuses thresholds that fall or repeat, on the row that breaks the order", () => {
    const result = checkTiers([row("1000", "5"), row("500", "10"), row("500", "15")]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => [e.row, e.field, e.message.split(".").pop()])).toEqual([
      [1, "minRevenue", "minRevenueNotRising"],
      [2, "minRevenue", "minRevenueNotRising"],
    ]);
  });

  it("keeps discounts between 0 and 90 and rising with the thresholds", () => {
    const result = checkTiers([row("0", "95"), row("100", "-1"), row("200", "10"), row("300", "10"), row("400", "2.5")]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => [e.row, e.field, e.message.split(".").pop()])).toEqual([
      [0, "discountPercent", "discountTooHigh"],
      [1, "discountPercent", "discountInvalid"],
      [3, "discountPercent", "discountNotRising"],
      [4, "discountPercent", "discountInvalid"],
    ]);
    expect(checkTiers([row("0", "90")]).ok).toBe(true);
  });

  it("asks for a name, a threshold and a discount on every filled row", () => {
    const result = checkTiers([{ minRevenue: "100", discountPercent: "", tierName: "  " }, { tierName: "כסף" }]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => [e.row, e.field, e.message.split(".").pop()])).toEqual([
      [0, "tierName", "nameRequired"],
      [0, "discountPercent", "discountRequired"],
      [1, "minRevenue", "minRevenueRequired"],
      [1, "discountPercent", "discountRequired"],
    ]);
  });

  it("refuses amounts that are not shekels with up to two decimals", () => {
    expect(shekelsToAgorot("12.5")).toBe(1250);
    expect(shekelsToAgorot("₪ 1,000")).toBe(100000);
    expect(shekelsToAgorot("1.234")).toBeNull();
    expect(shekelsToAgorot("-5")).toBeNull();
    expect(shekelsToAgorot("abc")).toBeNull();
  });

  it("accepts an empty set: no discount at all", () => {
    expect(checkTiers([])).toEqual({ ok: true, tiers: [] });
  });
});
