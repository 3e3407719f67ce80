import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  CommunityPageSchema,
  CycleFormSchema,
  CycleSettingsSchema,
  PickupEditFormSchema,
  PickupPointSchema,
  TierListSchema,
  TiersFormSchema,
  TiersSchema,
} from "./admin-community-schemas";

function messagesOf(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

function form(entries: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

const SETTINGS = { deadlineDay: 3, deadlineTime: "20:00", weeklyTargetRevenue: "1500.00" };
const POINT = { address: "הוורד 5", pickupDays: [5], pickupStartTime: "09:00", pickupEndTime: "12:00" };
const TIER = { minRevenue: "0", discountPercent: 5, tierName: "פתיחה" };

describe("the API's community schemas are strict", () => {
  it("refuses an unknown key in the cycle settings and in a pickup point", () => {
    // The pickup day is the points' now (issue #45): the settings no longer take one.
    expect(messagesOf(CycleSettingsSchema.safeParse({ ...SETTINGS, pickupDay: 5 }))).toEqual({ "": "validation.unknownField" });
    expect(messagesOf(CycleSettingsSchema.safeParse({ ...SETTINGS, weeklyTarget: "10" }))).toEqual({ "": "validation.unknownField" });
    expect(messagesOf(PickupPointSchema.safeParse({ ...POINT, days: [1] }))).toEqual({ "": "validation.unknownField" });
    expect(CycleSettingsSchema.safeParse(SETTINGS).success).toBe(true);
    expect(PickupPointSchema.safeParse(POINT).success).toBe(true);
  });

  it("refuses tier rows with an unknown or a missing key, instead of reading them as blank rows", () => {
    expect(messagesOf(TierListSchema.safeParse({ tiers: [{ min: "0", discount: 5, name: "x" }] }))).toEqual({
      "tiers.0": "validation.unknownField",
      "tiers.0.minRevenue": "admin.communities.tiers.errors.minRevenueRequired",
      "tiers.0.discountPercent": "admin.communities.tiers.errors.discountRequired",
      "tiers.0.tierName": "admin.communities.tiers.errors.nameRequired",
    });
    expect(messagesOf(TierListSchema.safeParse({ tiers: [{ minRevenue: true, discountPercent: null, tierName: "x" }] }))).toEqual({
      "tiers.0.minRevenue": "admin.communities.tiers.errors.minRevenueInvalid",
      "tiers.0.discountPercent": "admin.communities.tiers.errors.discountInvalid",
    });
    expect(messagesOf(TierListSchema.safeParse({ tiers: [null] }))).toEqual({ "tiers.0": "admin.communities.validation.tierRow" });
    expect(messagesOf(TierListSchema.safeParse({}))).toEqual({ tiers: "admin.communities.validation.tiers" });
    expect(messagesOf(TierListSchema.safeParse({ tiers: "gold" }))).toEqual({ tiers: "admin.communities.validation.tiers" });
  });

  it("takes an empty list (no tiers) and checks the rules after the shape", () => {
    expect(TiersSchema.safeParse({ tiers: [] }).success).toBe(true);
    expect(TiersSchema.safeParse({ tiers: [TIER] }).data).toEqual({ tiers: [TIER] });
    const falling = TiersSchema.safeParse({ tiers: [{ ...TIER, minRevenue: "100" }, { ...TIER, minRevenue: "50", discountPercent: 10 }] });
    expect(messagesOf(falling)).toEqual({ "tiers.1.minRevenue": "admin.communities.tiers.errors.minRevenueNotRising" });
  });
});

describe("the page's forms, as conform reads them", () => {
  it("accepts the cycle form with its hidden intent, and refuses a field it does not have", () => {
    const fields: [string, string][] = [["intent", "cycle"], ["deadlineDay", "3"], ["deadlineTime", "20:00"], ["weeklyTargetRevenue", "1500"]];
    expect(parseWithZod(form(fields), { schema: CycleFormSchema }).status).toBe("success");
    expect(parseWithZod(form(fields), { schema: CommunityPageSchema }).status).toBe("success");
    expect(parseWithZod(form([...fields, ["extra", "1"]]), { schema: CycleFormSchema }).status).toBe("error");
  });

  it("accepts a pickup point edit with its intent and point id", () => {
    const fields: [string, string][] = [["intent", "pickup-edit"], ["pointId", "p1"], ["address", "הוורד 5"], ["pickupDays", "1"], ["pickupDays", "4"], ["pickupStartTime", "09:00"], ["pickupEndTime", "12:00"], ["instructions", ""], ["contactPhone", ""]];
    const submission = parseWithZod(form(fields), { schema: PickupEditFormSchema });
    expect(submission.status).toBe("success");
    expect(parseWithZod(form(fields), { schema: CommunityPageSchema }).status).toBe("success");
  });

  it("accepts the tiers form with a blank spare row, and an emptied list", () => {
    const fields: [string, string][] = [
      ["intent", "tiers"],
      ["tiers[0].minRevenue", "0"],
      ["tiers[0].discountPercent", "5"],
      ["tiers[0].tierName", "פתיחה"],
      ["tiers[1].minRevenue", ""],
      ["tiers[1].discountPercent", ""],
      ["tiers[1].tierName", ""],
    ];
    const submission = parseWithZod(form(fields), { schema: TiersFormSchema });
    expect(submission.status).toBe("success");
    expect(parseWithZod(form(fields), { schema: CommunityPageSchema }).status).toBe("success");
    const emptied = parseWithZod(form([["intent", "tiers"]]), { schema: CommunityPageSchema });
    expect(emptied.status).toBe("success");
    expect(emptied.status === "success" && emptied.value.intent === "tiers" ? emptied.value.tiers : null).toEqual([]);
  });
});
