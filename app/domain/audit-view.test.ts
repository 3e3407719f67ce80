import { describe, expect, it } from "vitest";
import { auditChanges, auditValueText } from "./audit-view";

describe("auditChanges", () => {
  it("lists only the keys that changed", () => {
    expect(auditChanges({ name: "א", pickupDay: 2, isActive: true }, { name: "ב", pickupDay: 2, isActive: true })).toEqual([{ key: "name", before: "א", after: "ב" }]);
  });

  it("compares lists and records by value", () => {
    expect(auditChanges({ days: [1, 2] }, { days: [1, 2] })).toEqual([]);
    expect(auditChanges({ tiers: [{ minRevenue: 0 }] }, { tiers: [{ minRevenue: 100 }] })).toHaveLength(1);
  });

  it("shows every key of a created or deleted record", () => {
    expect(auditChanges(null, { address: "הרצל 1", isActive: true })).toEqual([
      { key: "address", before: null, after: "הרצל 1" },
      { key: "isActive", before: null, after: true },
    ]);
  });

  it("reads values as short text", () => {
    expect(auditValueText(null)).toBe("—");
    expect(auditValueText([0, 3])).toBe("[0, 3]");
    expect(auditValueText(false)).toBe("false");
    expect(auditValueText({ a: 1 })).toBe('{"a":1}');
  });
});
