// The admin's community forms (issue #7): one schema each, used by the /admin/communities pages
// (conform) and the /api/admin twins alike. Messages are locale keys. Pure.
import { z } from "zod";
import { checkTiers, shekelsToAgorot, type RawTierRow } from "./tier-rules";

const M = "admin.communities.validation";
/** 0 = Sunday, as the pickup and deadline days are stored. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const text = (min: number, max: number, key: string) =>
  z.string({ error: `${M}.${key}` }).trim().min(min, { error: `${M}.${key}` }).max(max, { error: `${M}.tooLong` });
const optionalText = (max: number) => z.string().trim().max(max, { error: `${M}.tooLong` }).optional();
const weekday = (key: string) =>
  z.number({ error: `${M}.${key}` }).int({ error: `${M}.${key}` }).min(0, { error: `${M}.${key}` }).max(6, { error: `${M}.${key}` });
const clock = (key: string) => z.string({ error: `${M}.${key}` }).trim().regex(CLOCK_TIME, { error: `${M}.${key}` });
const phone = z
  .string()
  .trim()
  .regex(/^\+?[\d\s-]{9,20}$/, { error: `${M}.phone` })
  .optional();

export const CommunityDetailsSchema = z.object({
  name: text(2, 80, "name"),
  description: optionalText(500),
  pickupDay: weekday("pickupDay"),
  pickupTime: clock("pickupTime"),
  pickupAddress: text(3, 200, "pickupAddress"),
  contactPhone: phone,
});
export type CommunityDetailsInput = z.infer<typeof CommunityDetailsSchema>;

/** "12.50" or 12.5 (API) -> agorot; a form always sends a string. */
const shekels = (key: string) =>
  z
    .union([z.string(), z.number()], { error: `${M}.${key}` })
    .transform((value, ctx) => {
      const agorot = shekelsToAgorot(value);
      if (agorot === null || agorot < 100 || agorot > 1_000_000_000) {
        ctx.addIssue({ code: "custom", message: `${M}.${key}` });
        return z.NEVER;
      }
      return agorot;
    });

export const CycleSettingsSchema = z.object({
  deadlineDay: weekday("deadlineDay"),
  deadlineTime: clock("deadlineTime"),
  pickupDay: weekday("pickupDay"),
  /** shekels in, agorot out */
  weeklyTargetRevenue: shekels("targetRevenue"),
});
export type CycleSettingsInput = z.infer<typeof CycleSettingsSchema>;

export const PickupPointSchema = z
  .object({
    address: text(3, 200, "pointAddress"),
    pickupDays: z
      .array(weekday("pickupDays"), { error: `${M}.pickupDays` })
      .min(1, { error: `${M}.pickupDays` })
      .max(7, { error: `${M}.pickupDays` }),
    pickupStartTime: clock("startTime"),
    pickupEndTime: clock("endTime"),
    instructions: optionalText(500),
    contactPhone: phone,
  })
  .superRefine((value, ctx) => {
    // HH:MM strings compare in time order.
    if (value.pickupEndTime <= value.pickupStartTime) ctx.addIssue({ code: "custom", path: ["pickupEndTime"], message: `${M}.endAfterStart` });
  });
export type PickupPointInput = z.infer<typeof PickupPointSchema>;

const cell = z.union([z.string(), z.number()]).nullish();
const TierRowSchema = z.object({ minRevenue: cell, discountPercent: cell, tierName: z.string().nullish() }).nullish();

/** The tier rows as typed; tier-rules.ts checks the set, each problem on its row and field. */
export const TiersSchema = z
  .object({ tiers: z.array(TierRowSchema, { error: `${M}.tiers` }).max(30, { error: "admin.communities.tiers.errors.tooMany" }).default([]) })
  .superRefine((value, ctx) => {
    const result = checkTiers(value.tiers as RawTierRow[]);
    if (!result.ok) for (const e of result.errors) ctx.addIssue({ code: "custom", path: ["tiers", e.row, e.field], message: e.message });
  });

// The community page's forms, told apart by their `intent` (STYLE.md).
export const COMMUNITY_INTENTS = ["details", "deactivate", "activate", "pickup-add", "pickup-edit", "pickup-remove", "tiers", "cycle"] as const;
export type CommunityIntent = (typeof COMMUNITY_INTENTS)[number];

const pointId = z.string({ error: "errors.notFound" }).min(1, { error: "errors.notFound" });

export const CommunityPageSchema = z.discriminatedUnion("intent", [
  CommunityDetailsSchema.extend({ intent: z.literal("details") }),
  z.object({ intent: z.literal("deactivate") }),
  z.object({ intent: z.literal("activate") }),
  PickupPointSchema.safeExtend({ intent: z.literal("pickup-add") }),
  PickupPointSchema.safeExtend({ intent: z.literal("pickup-edit"), pointId }),
  z.object({ intent: z.literal("pickup-remove"), pointId }),
  TiersSchema.safeExtend({ intent: z.literal("tiers") }),
  CycleSettingsSchema.extend({ intent: z.literal("cycle") }),
]);
