import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { AUDIT_FIELD_KEYS, auditChanges, auditFieldLabelKey, auditValueText, type AuditWords } from "./audit-view";

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

describe("the audit log in the organiser's words (#45)", () => {
  const heb = JSON.parse(readFileSync(new URL("../locales/he/admin.json", import.meta.url), "utf8"));
  const eng = JSON.parse(readFileSync(new URL("../locales/en/admin.json", import.meta.url), "utf8"));
  const lookup = (tree: Record<string, unknown>, key: string) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
  const words: AuditWords = { locale: "he", yes: "כן", no: "לא", day: (n) => ["ראשון", "שני", "שלישי", "רביעי", "חמישי", "שישי", "שבת"][n]!, code: (key, value) => (key === "role" && value === "VENDOR" ? "ספק" : null) };

  it("names every listed field in Hebrew and in English, and leaves an unknown key as stored", () => {
    for (const key of AUDIT_FIELD_KEYS) {
      const labelKey = auditFieldLabelKey(key)!;
      expect(typeof lookup(heb, labelKey), `he ${labelKey}`).toBe("string");
      expect(typeof lookup(eng, labelKey), `en ${labelKey}`).toBe("string");
    }
    expect(lookup(heb, auditFieldLabelKey("unitPriceAtPurchase")!)).toBe("מחיר ליחידה");
    expect(auditFieldLabelKey("somethingNew")).toBeNull();
  });

  it("shows agorot as shekels with two decimals", () => {
    expect(auditValueText(890, "unitPriceAtPurchase", words)).toBe("\u20668.90 ₪\u2069");
    expect(auditValueText(990, "unitPriceAtPurchase", { ...words, locale: "en" })).toBe("\u2066₪9.90\u2069");
    // Without words (the API, a count) the number stays as stored.
    expect(auditValueText(890, "unitPriceAtPurchase")).toBe("890");
    expect(auditValueText(3, "qty", words)).toBe("3");
  });

  it("names weekdays, yes and no, and known codes", () => {
    expect(auditValueText(5, "pickupDay", words)).toBe("שישי");
    expect(auditValueText([0, 3], "pickupDays", words)).toBe("ראשון, רביעי");
    expect(auditValueText(true, "isActive", words)).toBe("כן");
    expect(auditValueText("VENDOR", "role", words)).toBe("ספק");
    expect(auditValueText("DRAFT", "status", words)).toBe("DRAFT");
  });
});
