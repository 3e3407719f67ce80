import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  CommunityPageSchema,
  CreateCommunitySchema,
  CycleFormSchema,
  CycleSettingsSchema,
  DeliveryFormSchema,
  DeliverySettingsSchema,
  PickupEditFormSchema,
  PickupPointSchema,
  TierListSchema,
  TiersFormSchema,
  TiersSchema,
  minimumChoiceOf,
  minimumOfChoice,
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
    const fields: [string, string][] = [["intent", "cycle"], ["deadlineDay", "3"], ["deadlineTime", "20:00"], ["minimumChoice", "amount"], ["weeklyTargetRevenue", "1500"]];
    expect(parseWithZod(form(fields), { schema: CycleFormSchema }).status).toBe("success");
    expect(parseWithZod(form(fields), { schema: CommunityPageSchema }).status).toBe("success");
    expect(parseWithZod(form([...fields, ["extra", "1"]]), { schema: CycleFormSchema }).status).toBe("error");
  });

  it("asks for the weekly minimum as a choice: none, or an amount of at least 1 ₪ (issue #45)", () => {
    const base: [string, string][] = [["intent", "cycle"], ["deadlineDay", "3"], ["deadlineTime", "20:00"]];
    const none = parseWithZod(form([...base, ["minimumChoice", "none"], ["weeklyTargetRevenue", "junk"]]), { schema: CycleFormSchema });
    expect(none.status).toBe("success");
    expect(minimumOfChoice(none.status === "success" ? none.value : { minimumChoice: "amount", weeklyTargetRevenue: "1" })).toBe(0);
    const amount = parseWithZod(form([...base, ["minimumChoice", "amount"], ["weeklyTargetRevenue", "2500.50"]]), { schema: CycleFormSchema });
    expect(amount.status === "success" ? minimumOfChoice(amount.value) : null).toBe(250050);
    const errorsOf = (entries: [string, string][]) => {
      const submission = parseWithZod(form(entries), { schema: CycleFormSchema });
      return submission.status === "error" ? submission.error : null;
    };
    expect(errorsOf([...base, ["minimumChoice", "amount"], ["weeklyTargetRevenue", "0"]])).toEqual({ weeklyTargetRevenue: ["admin.communities.validation.minimumAmount"] });
    expect(errorsOf(base)).toEqual({ minimumChoice: ["admin.communities.validation.minimumChoice"] });
    expect(minimumChoiceOf(0)).toEqual({ minimumChoice: "none", weeklyTargetRevenue: "" });
    expect(minimumChoiceOf(150000)).toEqual({ minimumChoice: "amount", weeklyTargetRevenue: "1500.00" });
  });

  it("takes 0 as no minimum from the API, and a new community has none unless it is given", () => {
    expect(CycleSettingsSchema.safeParse({ ...SETTINGS, weeklyTargetRevenue: "0" }).data?.weeklyTargetRevenue).toBe(0);
    expect(CycleSettingsSchema.safeParse({ ...SETTINGS, weeklyTargetRevenue: 0 }).data?.weeklyTargetRevenue).toBe(0);
    expect(messagesOf(CycleSettingsSchema.safeParse({ ...SETTINGS, weeklyTargetRevenue: "0.5" }))).toEqual({ weeklyTargetRevenue: "admin.communities.validation.targetRevenue" });
    const details = { name: "הפרחים", pickupDay: 5, pickupTime: "10:00", pickupAddress: "הוורד 3" };
    expect(CreateCommunitySchema.safeParse(details).data?.weeklyTargetRevenue).toBeUndefined();
    expect(CreateCommunitySchema.safeParse({ ...details, weeklyTargetRevenue: "3000" }).data?.weeklyTargetRevenue).toBe(300000);
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

describe("DeliverySettingsSchema (issue #45)", () => {
  const ok = { deliveryEnabled: true, deliveryFee: "15.00", freeDeliveryFrom: "150", deliveryDaysMin: 2, deliveryDaysMax: 5 };
  it("reads shekels as agorot, null or no free-from as never free, and a missing switch as off", () => {
    expect(DeliverySettingsSchema.parse(ok)).toEqual({ deliveryEnabled: true, deliveryFee: 1500, freeDeliveryFrom: 15_000, deliveryDaysMin: 2, deliveryDaysMax: 5 });
    expect(DeliverySettingsSchema.parse({ ...ok, freeDeliveryFrom: null }).freeDeliveryFrom).toBeNull();
    const { deliveryEnabled: _off, freeDeliveryFrom: _never, ...rest } = ok;
    expect(DeliverySettingsSchema.parse(rest)).toMatchObject({ deliveryEnabled: false, freeDeliveryFrom: null });
    expect(DeliverySettingsSchema.parse({ ...ok, deliveryFee: 0, freeDeliveryFrom: "0" })).toMatchObject({ deliveryFee: 0, freeDeliveryFrom: 0 });
  });

  it("refuses a negative fee, a bad threshold, zero days, a maximum under the minimum and unknown keys", () => {
    const issues = (input: unknown) => (DeliverySettingsSchema.safeParse(input).error?.issues ?? []).map((i) => [i.path.join("."), i.message]);
    expect(issues({ ...ok, deliveryFee: "-5" })).toEqual([["deliveryFee", "admin.communities.deliverySettings.errors.fee"]]);
    expect(issues({ ...ok, freeDeliveryFrom: "abc" })[0]?.[0]).toBe("freeDeliveryFrom");
    expect(issues({ ...ok, deliveryDaysMin: 0 })[0]?.[0]).toBe("deliveryDaysMin");
    expect(issues({ ...ok, deliveryDaysMin: 5, deliveryDaysMax: 2 })).toEqual([["deliveryDaysMax", "admin.communities.deliverySettings.errors.daysOrder"]]);
    expect(issues({ ...ok, vans: 2 })[0]?.[1]).toBe("validation.unknownField");
  });

  it("takes the page form's fields as they post (a ticked box is \"on\")", () => {
    const form = { intent: "delivery", deliveryEnabled: "on", deliveryFee: "9.90", deliveryDaysMin: "1", deliveryDaysMax: "3" };
    expect(DeliveryFormSchema.parse(form)).toMatchObject({ deliveryEnabled: true, deliveryFee: 990, freeDeliveryFrom: null, deliveryDaysMin: 1, deliveryDaysMax: 3 });
  });
});

describe("times typed without a leading zero (#45)", () => {
  it("accepts 9:00 and stores 09:00 in the cycle settings and a pickup point", () => {
    expect(CycleSettingsSchema.parse({ ...SETTINGS, deadlineTime: "8:30" }).deadlineTime).toBe("08:30");
    const point = PickupPointSchema.parse({ ...POINT, pickupStartTime: "9:00", pickupEndTime: "10:00" });
    expect([point.pickupStartTime, point.pickupEndTime]).toEqual(["09:00", "10:00"]);
  });

  it("still refuses what is no time, and an end before its start", () => {
    expect(messagesOf(CycleSettingsSchema.safeParse({ ...SETTINGS, deadlineTime: "24:00" }))).toEqual({ deadlineTime: "admin.communities.validation.deadlineTime" });
    expect(messagesOf(PickupPointSchema.safeParse({ ...POINT, pickupStartTime: "11:00", pickupEndTime: "9:00" }))).toEqual({ pickupEndTime: "admin.communities.validation.endAfterStart" });
  });
});
