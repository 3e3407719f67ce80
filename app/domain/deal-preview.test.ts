import { describe, expect, it } from "vitest";
import { ladderRowText, priceLadder } from "./deal-preview";

describe("the deal form's price ladder", () => {
  it("starts at the base price and steps down at each tier", () => {
    expect(priceLadder("19.90", [{ thresholdQty: "3", unitPrice: "17.90" }, { thresholdQty: "6", unitPrice: "15,5" }, { thresholdQty: "", unitPrice: "" }])).toEqual([
      { from: 1, to: 2, unitPrice: 1990 },
      { from: 3, to: 5, unitPrice: 1790 },
      { from: 6, to: null, unitPrice: 1550 },
    ]);
  });

  it("sorts tiers typed out of order and skips what is not valid yet", () => {
    expect(priceLadder("10", [{ thresholdQty: "5", unitPrice: "8" }, { thresholdQty: "2", unitPrice: "9" }, { thresholdQty: "4", unitPrice: "abc" }, { thresholdQty: "1", unitPrice: "5" }])).toEqual([
      { from: 1, to: 1, unitPrice: 1000 },
      { from: 2, to: 4, unitPrice: 900 },
      { from: 5, to: null, unitPrice: 800 },
    ]);
  });

  it("never shows a price that rises or a repeated step", () => {
    expect(priceLadder("10", [{ thresholdQty: "3", unitPrice: "12" }, { thresholdQty: "3", unitPrice: "9" }, { thresholdQty: "3", unitPrice: "8" }])).toEqual([
      { from: 1, to: 2, unitPrice: 1000 },
      { from: 3, to: null, unitPrice: 900 },
    ]);
  });

  it("is empty until there is a base price", () => {
    expect(priceLadder("", [{ thresholdQty: "3", unitPrice: "1" }])).toEqual([]);
    expect(priceLadder("0", [])).toEqual([]);
    expect(priceLadder("12.345", [])).toEqual([]);
  });
});

describe("a ladder row's words (issue #49)", () => {
  it("reads a band of one as one quantity, a wider band as a range and the last row as 'from'", () => {
    const [first, second, last] = priceLadder("10", [{ thresholdQty: "2", unitPrice: "9" }, { thresholdQty: "5", unitPrice: "8" }]);
    expect(ladderRowText(first!)).toEqual({ key: "ladderOne", values: { qty: 1 } });
    expect(ladderRowText(second!)).toEqual({ key: "ladderRange", values: { from: 2, to: 4 } });
    expect(ladderRowText(last!)).toEqual({ key: "ladderFrom", values: { qty: 5 } });
  });
});
