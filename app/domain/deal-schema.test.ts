import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { DealFormSchema, tierIssues } from "./deal-schema";

const valid = {
  title: "עגבניות שרי",
  description: "עגבניות שרי מתוקות מהחממה במושב, נקטפות בבוקר.",
  category: "vegetables",
  unit: "קילו",
  basePrice: "12.90",
  minQty: 1,
  maxQty: 20,
  tiers: [
    { thresholdQty: 5, unitPrice: "11.50" },
    { thresholdQty: 10, unitPrice: 10 },
  ],
};

describe("tierIssues", () => {
  const base = { basePrice: 1290, maxQty: 20 };
  it("accepts rising thresholds with falling prices below the base", () => {
    expect(tierIssues({ ...base, tiers: [{ thresholdQty: 5, unitPrice: 1150 }, { thresholdQty: 10, unitPrice: 1000 }] })).toEqual([]);
  });

  it("says which tier is wrong and why", () => {
    expect(tierIssues({ ...base, tiers: [{ thresholdQty: 5, unitPrice: 1290 }] })).toEqual([
      { index: 0, field: "unitPrice", message: "dealEditor.validation.tierPriceBelowBase" },
    ]);
    expect(tierIssues({ ...base, tiers: [{ thresholdQty: 5, unitPrice: 1100 }, { thresholdQty: 5, unitPrice: 1150 }] })).toEqual([
      { index: 1, field: "thresholdQty", message: "dealEditor.validation.tierQtyRising" },
      { index: 1, field: "unitPrice", message: "dealEditor.validation.tierPriceFalling" },
    ]);
    expect(tierIssues({ ...base, tiers: [{ thresholdQty: 1, unitPrice: 1000 }] })[0].message).toBe("dealEditor.validation.tierQtyAboveOne");
    expect(tierIssues({ ...base, tiers: [{ thresholdQty: 30, unitPrice: 1000 }] })[0].message).toBe("dealEditor.validation.tierQtyAboveMax");
  });
});

describe("DealFormSchema", () => {
  it("reads JSON with shekel strings or numbers into agorot", () => {
    const parsed = DealFormSchema.parse(valid);
    expect(parsed.basePrice).toBe(1290);
    expect(parsed.tiers).toEqual([
      { thresholdQty: 5, unitPrice: 1150 },
      { thresholdQty: 10, unitPrice: 1000 },
    ]);
    expect(DealFormSchema.parse({ ...valid, basePrice: 7, tiers: [] }).basePrice).toBe(700);
  });

  it("refuses bad prices, quantities out of range and max below min", () => {
    const issues = (input: object) => DealFormSchema.safeParse({ ...valid, ...input }).error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(issues({ basePrice: "12.999" })).toEqual([["basePrice", "dealEditor.validation.priceInvalid"]]);
    expect(issues({ basePrice: "abc" })).toEqual([["basePrice", "dealEditor.validation.priceInvalid"]]);
    expect(issues({ basePrice: "0", tiers: [] })).toEqual([["basePrice", "dealEditor.validation.priceRequired"]]);
    expect(issues({ minQty: 0 })).toEqual([["minQty", "dealEditor.validation.qtyMin"]]);
    expect(issues({ maxQty: 5000 })).toEqual([["maxQty", "dealEditor.validation.qtyMax"]]);
    expect(issues({ minQty: 10, maxQty: 5, tiers: [] })).toEqual([["maxQty", "dealEditor.validation.maxBelowMin"]]);
    expect(issues({ category: "meat" })).toEqual([["category", "dealEditor.validation.categoryRequired"]]);
  });

  it("reads the form, skipping empty tier rows", () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ ...valid, tiers: undefined, minQty: "1", maxQty: "20", basePrice: "12,90" })) {
      if (value !== undefined) form.set(key, String(value));
    }
    form.set("slug", "");
    form.set("tiers[0].thresholdQty", "5");
    form.set("tiers[0].unitPrice", "11");
    form.set("tiers[1].thresholdQty", "");
    form.set("tiers[1].unitPrice", "");
    const submission = parseWithZod(form, { schema: DealFormSchema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({ basePrice: 1290, minQty: 1, maxQty: 20, tiers: [{ thresholdQty: 5, unitPrice: 1100 }] });
    expect(submission.value.slug).toBeUndefined();
  });

  it("puts a tier error on the tier's own field in the form", () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ ...valid, tiers: undefined })) if (value !== undefined) form.set(key, String(value));
    form.set("tiers[0].thresholdQty", "5");
    form.set("tiers[0].unitPrice", "13");
    const submission = parseWithZod(form, { schema: DealFormSchema });
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual({ "tiers[0].unitPrice": ["dealEditor.validation.tierPriceBelowBase"] });
  });
});
