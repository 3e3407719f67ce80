import { describe, expect, it } from "vitest";
import { changedFields, undoneStock, undoPlan } from "./deal-undo";

const deal = { title: "עגבניות", description: "מהחממה", category: "vegetables", unit: "kg", basePrice: 1290, minQty: 1, maxQty: 10, tiers: [{ thresholdQty: 3, unitPrice: 1100 }], stock: null };

describe("undoing a deal change", () => {
  it("names the fields a change changed, and nothing for pictures alone", () => {
    expect(changedFields(deal, { ...deal, basePrice: 1490, tiers: [] })).toEqual(["basePrice", "tiers"]);
    expect(undoPlan(deal, { ...deal }, deal)).toEqual({ ok: false, reason: "nothing" });
  });

  it("puts back what the change wrote while it still stands", () => {
    const after = { ...deal, basePrice: 1490, maxQty: 20 };
    expect(undoPlan(deal, after, { ...after, description: "שונה אחר כך" })).toEqual({ ok: true, set: { basePrice: 1290, maxQty: 10 } });
  });

  it("refuses when a later change wrote the same field again", () => {
    const after = { ...deal, basePrice: 1490 };
    expect(undoPlan(deal, after, { ...after, basePrice: 1590 })).toEqual({ ok: false, reason: "changedSince", field: "basePrice" });
  });

  it("moves the stock by the change's difference, never below zero", () => {
    expect(undoneStock(10, 30, 25)).toBe(5);
    expect(undoneStock(10, 30, 15)).toBe(0);
    expect(undoneStock(null, 30, 12)).toBeNull();
    expect(undoneStock(8, null, null)).toBe(8);
    const plan = undoPlan({ ...deal, stock: 10 }, { ...deal, stock: 30 }, { ...deal, stock: 22 });
    expect(plan).toEqual({ ok: true, set: { stock: 2 } });
  });
});
