import { describe, expect, it } from "vitest";
import {
  amountToNextTier,
  appliedTier,
  discountFor,
  isHot,
  lineAmounts,
  nextTier,
  priceBreakdown,
  progressPercent,
  quantityUnitPrice,
  savingsPercent,
  unitPriceFor,
} from "./pricing";

// Regular from 0, 10% from 1,500 ₪, 20% from 4,000 ₪, 30% from 8,000 ₪ (agorot), out of order
// on purpose: the rules must not depend on how tiers are stored.
const tiers = [
  { minRevenue: 400_000, discountPercent: 20, tierName: "כסף" },
  { minRevenue: 0, discountPercent: 0, tierName: "רגיל" },
  { minRevenue: 800_000, discountPercent: 30, tierName: "זהב" },
  { minRevenue: 150_000, discountPercent: 10, tierName: "ארד" },
];

describe("community tiers", () => {
  it("applies the highest tier at or below the revenue", () => {
    expect(appliedTier(tiers, 0)?.tierName).toBe("רגיל");
    expect(appliedTier(tiers, 149_999)?.tierName).toBe("רגיל");
    expect(appliedTier(tiers, 150_000)?.tierName).toBe("ארד");
    expect(appliedTier(tiers, 799_999)?.tierName).toBe("כסף");
    expect(appliedTier(tiers, 5_000_000)?.tierName).toBe("זהב");
  });

  it("has no applied tier below the first minimum, and no discount then", () => {
    const fromTwenty = [{ minRevenue: 2000, discountPercent: 5, tierName: "x" }];
    expect(appliedTier(fromTwenty, 1999)).toBeNull();
    expect(discountFor(fromTwenty, 1999)).toBe(0);
    expect(discountFor(tiers, 450_000)).toBe(20);
  });

  it("names the first tier above the revenue as next, none when all are reached", () => {
    expect(nextTier(tiers, 0)?.tierName).toBe("ארד");
    expect(nextTier(tiers, 150_000)?.tierName).toBe("כסף");
    expect(nextTier(tiers, 800_000)).toBeNull();
  });

  it("measures progress between the previous and the next tier, capped at 100", () => {
    expect(progressPercent(tiers, 0)).toBe(0);
    expect(progressPercent(tiers, 75_000)).toBe(50);
    // 1,500 -> 4,000 ₪: 2,750 ₪ is half way.
    expect(progressPercent(tiers, 275_000)).toBe(50);
    expect(progressPercent(tiers, 799_999)).toBe(99);
    expect(progressPercent(tiers, 800_000)).toBe(100);
    expect(progressPercent(tiers, 9_999_999)).toBe(100);
    expect(progressPercent([], 500)).toBe(100);
  });

  it("counts progress from zero when no tier is reached yet", () => {
    expect(progressPercent([{ minRevenue: 1000, discountPercent: 5, tierName: "x" }], 250)).toBe(25);
  });
});

describe("quantity tiers", () => {
  const qtyTiers = [
    { thresholdQty: 5, unitPrice: 900 },
    { thresholdQty: 3, unitPrice: 950 },
  ];
  it("uses the highest threshold at or below the quantity, else the base price", () => {
    expect(quantityUnitPrice(1000, qtyTiers, 1)).toBe(1000);
    expect(quantityUnitPrice(1000, qtyTiers, 3)).toBe(950);
    expect(quantityUnitPrice(1000, qtyTiers, 4)).toBe(950);
    expect(quantityUnitPrice(1000, qtyTiers, 50)).toBe(900);
    expect(quantityUnitPrice(1000, [], 50)).toBe(1000);
  });

  it("takes the community discount off the quantity price, rounded to the agora", () => {
    expect(unitPriceFor({ basePrice: 1290, quantityTiers: [], qty: 1, discountPercent: 10 })).toBe(1161);
    expect(unitPriceFor({ basePrice: 1000, quantityTiers: qtyTiers, qty: 5, discountPercent: 20 })).toBe(720);
    expect(unitPriceFor({ basePrice: 999, quantityTiers: [], qty: 1, discountPercent: 0 })).toBe(999);
  });
});

describe("savings and the hot badge", () => {
  it("gives the whole percent saved against the base price", () => {
    expect(savingsPercent(1000, 700)).toBe(30);
    expect(savingsPercent(1290, 1161)).toBe(10);
    expect(savingsPercent(1000, 1000)).toBe(0);
    expect(savingsPercent(0, 0)).toBe(0);
  });

  it("calls a deal hot only above 30 percent", () => {
    expect(isHot(30)).toBe(false);
    expect(isHot(31)).toBe(true);
  });
});

describe("lineAmounts", () => {
  it("counts revenue at base price and charges the discounted price", () => {
    expect(lineAmounts({ basePrice: 1500, quantityTiers: [], qty: 4, discountPercent: 10 })).toEqual({
      unitPrice: 1350,
      originalTotal: 6000,
      subtotal: 5400,
    });
  });
});

describe("amountToNextTier", () => {
  it("is what the community still needs to reach the next tier, null once all are reached", () => {
    expect(amountToNextTier(tiers, 0)).toBe(150_000);
    expect(amountToNextTier(tiers, 149_999)).toBe(1);
    expect(amountToNextTier(tiers, 150_000)).toBe(250_000);
    expect(amountToNextTier(tiers, 800_000)).toBeNull();
    expect(amountToNextTier([], 0)).toBeNull();
  });
});

describe("priceBreakdown", () => {
  const qtyTiers = [{ thresholdQty: 3, unitPrice: 900 }];
  it("takes the community discount off the quantity price and counts the saving on the whole quantity", () => {
    expect(priceBreakdown({ basePrice: 1000, quantityTiers: qtyTiers, qty: 4, discountPercent: 10 })).toEqual({
      quantityPrice: 900,
      fromQty: 3,
      discountPercent: 10,
      unitPrice: 810,
      savedPerUnit: 190,
      savedTotal: 760,
      savingsPercent: 19,
    });
  });

  it("uses the base price below every quantity tier, and saves nothing without a discount", () => {
    expect(priceBreakdown({ basePrice: 1000, quantityTiers: qtyTiers, qty: 2, discountPercent: 0 })).toMatchObject({
      quantityPrice: 1000,
      fromQty: null,
      unitPrice: 1000,
      savedTotal: 0,
      savingsPercent: 0,
    });
  });
});
