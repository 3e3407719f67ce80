import { describe, expect, it } from "vitest";
import { finalUnitPrice, liveRevenue, settledQuantityPrice, tierEarned } from "./settlement";
import { unitPriceFor } from "./pricing";

// Regular from 0, 10% from 1,200 ₪, 20% from 3,500 ₪ (agorot), out of order on purpose.
const tiers = [
  { minRevenue: 350_000, discountPercent: 20, tierName: "כסף" },
  { minRevenue: 0, discountPercent: 0, tierName: "רגיל" },
  { minRevenue: 120_000, discountPercent: 10, tierName: "ארד" },
];
const quantityTiers = [
  { thresholdQty: 5, unitPrice: 900 },
  { thresholdQty: 10, unitPrice: 800 },
];

describe("liveRevenue", () => {
  it("counts the base totals of live orders only: cancelled and refunded ones earn no tier", () => {
    const week = [
      { status: "PENDING" as const, originalTotal: 140_400 },
      { status: "PAID" as const, originalTotal: 1_000 },
      { status: "FULFILLED" as const, originalTotal: 2_000 },
      { status: "CANCELED" as const, originalTotal: 500_000 },
      { status: "REFUNDED" as const, originalTotal: 70_000 },
    ];
    expect(liveRevenue(week)).toBe(143_400);
    expect(liveRevenue([])).toBe(0);
  });
});

describe("tierEarned", () => {
  it("is the highest tier at or below the week's final revenue, with its discount", () => {
    expect(tierEarned(tiers, 0)).toEqual({ tier: tiers[1], discountPercent: 0 });
    expect(tierEarned(tiers, 119_999).discountPercent).toBe(0);
    expect(tierEarned(tiers, 120_000)).toEqual({ tier: tiers[2], discountPercent: 10 });
    expect(tierEarned(tiers, 9_999_999).discountPercent).toBe(20);
  });

  it("gives no discount below the first tier of a community without a tier from 0", () => {
    expect(tierEarned([{ minRevenue: 5_000, discountPercent: 5, tierName: "x" }], 4_999)).toEqual({ tier: null, discountPercent: 0 });
  });
});

describe("finalUnitPrice", () => {
  const line = { basePrice: 1000, quantityTiers, qty: 2, quantityPriceAtPurchase: 1000 };

  it("is the quantity price less the final tier's discount, lower than the price shown when the week earned more", () => {
    const shown = unitPriceFor({ basePrice: 1000, quantityTiers, qty: 2, discountPercent: 10 });
    expect(shown).toBe(900);
    expect(finalUnitPrice(line, 20)).toBe(800);
  });

  it("is higher than the price shown when the week earned less: a pumped tier does not stay", () => {
    // She bought at 10% off; the big order that earned it was cancelled: no discount is left.
    expect(finalUnitPrice(line, 0)).toBe(1000);
    expect(finalUnitPrice({ ...line, qty: 5, quantityPriceAtPurchase: 900 }, 0)).toBe(900);
  });

  it("is what the checkout showed when nothing changed, rounded the same way", () => {
    for (const [basePrice, qty, percent] of [[1290, 1, 10], [999, 3, 15], [1234, 12, 30], [705, 7, 0]] as const) {
      const shown = unitPriceFor({ basePrice, quantityTiers, qty, discountPercent: percent });
      expect(finalUnitPrice({ basePrice, quantityTiers, qty, quantityPriceAtPurchase: null }, percent), `${basePrice} x ${qty} at ${percent}%`).toBe(shown);
    }
  });

  it("is never above the quantity price without a community discount", () => {
    for (const qty of [1, 4, 5, 9, 10, 50]) {
      const quantityPrice = settledQuantityPrice({ basePrice: 1000, quantityTiers, qty, quantityPriceAtPurchase: null });
      for (const percent of [0, 10, 20, 90, -5, 120]) {
        const price = finalUnitPrice({ basePrice: 1000, quantityTiers, qty, quantityPriceAtPurchase: null }, percent);
        expect(price).toBeLessThanOrEqual(quantityPrice);
        expect(price).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it("starts from the quantity price she was shown when the deal's price rose since, and from today's when it fell", () => {
    expect(settledQuantityPrice({ basePrice: 1200, quantityTiers: [], qty: 1, quantityPriceAtPurchase: 1000 })).toBe(1000);
    expect(settledQuantityPrice({ basePrice: 800, quantityTiers: [], qty: 1, quantityPriceAtPurchase: 1000 })).toBe(800);
    expect(settledQuantityPrice({ basePrice: 1000, quantityTiers, qty: 10, quantityPriceAtPurchase: null })).toBe(800);
    expect(finalUnitPrice({ basePrice: 1200, quantityTiers: [], qty: 1, quantityPriceAtPurchase: 1000 }, 0)).toBe(1000);
  });
});
