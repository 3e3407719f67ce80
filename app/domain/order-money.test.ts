import { describe, expect, it } from "vitest";
import { lineEarned, lineSavings, vatIncluded } from "./order-money";

describe("the money of an order line", () => {
  it("earns the quantity times the unit price she paid, not the base price", () => {
    // The case: 3 at a quantity-tier 17.90 where the base price is 19.90.
    expect(lineEarned({ qty: 3, unitPriceAtPurchase: 1790 })).toBe(5370);
    expect(lineSavings({ qty: 3, unitPriceAtPurchase: 1790, originalTotal: 5970 })).toBe(600);
  });

  it("never shows a negative saving", () => {
    expect(lineSavings({ qty: 2, unitPriceAtPurchase: 1000, originalTotal: 1500 })).toBe(0);
  });

  it("takes the VAT part out of a VAT-inclusive price at 18%", () => {
    expect(vatIncluded(11_800)).toBe(1800);
    expect(vatIncluded(5370)).toBe(819); // 53.70 / 1.18 = 45.51, VAT 8.19
    expect(vatIncluded(0)).toBe(0);
    expect(vatIncluded(11_700, 17)).toBe(1700);
  });
});
