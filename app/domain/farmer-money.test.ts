import { describe, expect, it } from "vitest";
import { farmerEarnsOf, marketShareOf, moneyTotals, percentToBasisPoints } from "./farmer-money";

describe("the farmer's money", () => {
  it("gives the farmer the whole line when the market keeps no share", () => {
    expect(marketShareOf(7950, 0)).toBe(0);
    expect(farmerEarnsOf(7950, 0)).toBe(7950);
  });

  it("keeps the market's share of each line, rounded to the agora", () => {
    expect(percentToBasisPoints(7.5)).toBe(750);
    expect(marketShareOf(1290, 750)).toBe(97); // 96.75
    expect(farmerEarnsOf(1290, 750)).toBe(1193);
    expect(marketShareOf(1000, 1000)).toBe(100);
  });

  it("adds a statement's lines as they are, so the rows add up to the total", () => {
    const lines = [1290, 1290, 1290].map((paid) => ({ paid, share: marketShareOf(paid, 750) }));
    expect(moneyTotals(lines)).toEqual({ paid: 3870, share: 291, farmer: 3579 });
  });
});
