// The admin's community forms (issue #7): one schema each, used by the /admin/communities pages
// (conform) and the /api/admin twins alike. Messages are locale keys. Pure.
//
// The settings, pickup point and tier schemas are strict: a "replace the set" call with a key we
// do not know (a typo, an old client) is refused with 400 instead of being read as blanks, which
// once wiped a community's tiers. The page's forms add their `intent` (and `pointId`) through the
// *FormSchema variants below, so the API shapes stay exact.
import { z } from "zod";
import { deliverySettingsProblems, DELIVERY_LIMITS } from "./delivery";
import { checkTiers, shekelsToAgorot, type RawTierRow } from "./tier-rules";
import { NO_MINIMUM } from "./week-minimum";
import { toDecimalString } from "./money";
import { normalizeClockTime } from "./time";

const M = "admin.communities.validation";
const T = "admin.communities.tiers.errors";

/** An object that refuses keys outside its shape; `notObject` names what was expected instead. */
function strict<S extends z.core.$ZodLooseShape>(shape: S, notObject = "validation.invalidInput") {
  return z.strictObject(shape, { error: (issue) => (issue.code === "unrecognized_keys" ? "validation.unknownField" : notObject) });
}
/** 0 = Sunday, as the pickup and deadline days are stored. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

const text = (min: number, max: number, key: string) =>
  z.string({ error: `${M}.${key}` }).trim().min(min, { error: `${M}.${key}` }).max(max, { error: `${M}.tooLong` });
const optionalText = (max: number) => z.string().trim().max(max, { error: `${M}.tooLong` }).optional();
const weekday = (key: string) =>
  z.number({ error: `${M}.${key}` }).int({ error: `${M}.${key}` }).min(0, { error: `${M}.${key}` }).max(6, { error: `${M}.${key}` });
/** A time of day as typed ("9:00" or "09:00"), stored as "HH:MM" (time.ts's one parser). */
const clock = (key: string) =>
  z.string({ error: `${M}.${key}` }).transform((value, ctx) => {
    const normal = normalizeClockTime(value);
    if (normal === null) {
      ctx.addIssue({ code: "custom", message: `${M}.${key}` });
      return z.NEVER;
    }
    return normal;
  });
const phone = z
  .string()
  .trim()
  .regex(/^\+?[\d\s-]{9,20}$/, { error: `${M}.phone` })
  .optional();

/**
 * A community's own details. Where and when its members collect is its pickup points alone
 * (issue #45): an old client's pickupDay, pickupTime or pickupAddress is ignored, not stored.
 */
export const CommunityDetailsSchema = z.object({
  name: text(2, 80, "name"),
  description: optionalText(500),
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

/** The weekly minimum as the API sends it: 0 means no minimum (week-minimum.ts), else shekels. */
const minimum = z.union([z.string(), z.number()], { error: `${M}.targetRevenue` }).transform((value, ctx) => {
  const agorot = shekelsToAgorot(value);
  if (agorot === NO_MINIMUM) return NO_MINIMUM;
  if (agorot === null || agorot < 100 || agorot > 1_000_000_000) {
    ctx.addIssue({ code: "custom", message: `${M}.targetRevenue` });
    return z.NEVER;
  }
  return agorot;
});

/** POST /api/admin/communities: the details, and the weekly minimum (none unless given). */
export const CreateCommunitySchema = CommunityDetailsSchema.extend({ weeklyTargetRevenue: minimum.optional() });

export const CycleSettingsSchema = strict({
  deadlineDay: weekday("deadlineDay"),
  deadlineTime: clock("deadlineTime"),
  /** shekels in, agorot out; 0 for no minimum */
  weeklyTargetRevenue: minimum,
});
export type CycleSettingsInput = z.infer<typeof CycleSettingsSchema>;

// Home delivery (issue #45): on or off, the fee, the free-from amount (none: never free) and the
// promised business days. One shape for the page's form and PUT .../delivery; delivery.ts holds
// the limits, so the service checks the same rules again.
const D = "admin.communities.deliverySettings.errors";
/** "15", "15.50" or 15.5 -> agorot, from 0 up to `max`. */
const shekelAmount = (key: string, max: number) =>
  z.union([z.string(), z.number()], { error: `${D}.${key}` }).transform((value, ctx) => {
    const agorot = shekelsToAgorot(value);
    if (agorot === null || agorot > max) {
      ctx.addIssue({ code: "custom", message: `${D}.${key}` });
      return z.NEVER;
    }
    return agorot;
  });
/** A whole number of business days; a form sends a string. */
const businessDays = z.coerce.number({ error: `${D}.days` }).int({ error: `${D}.days` }).min(1, { error: `${D}.days` }).max(DELIVERY_LIMITS.maxDays, { error: `${D}.days` });
/** A checkbox posts "on" when ticked and nothing when not; the API sends true or false. */
const onOff = z.union([z.boolean(), z.literal("on")]).optional().transform((value) => value === true || value === "on");

const deliveryShape = {
  deliveryEnabled: onOff,
  /** shekels in, agorot out */
  deliveryFee: shekelAmount("fee", DELIVERY_LIMITS.maxFee),
  /** shekels in, agorot out; empty, absent or null: delivery is never free */
  freeDeliveryFrom: z
    .union([shekelAmount("freeFrom", DELIVERY_LIMITS.maxFreeFrom), z.null()])
    .optional()
    .transform((value) => value ?? null),
  deliveryDaysMin: businessDays,
  deliveryDaysMax: businessDays,
};
function checkDeliveryDays(value: { deliveryDaysMin: number; deliveryDaysMax: number }, ctx: z.RefinementCtx) {
  const problems = deliverySettingsProblems({ enabled: true, fee: 0, freeFrom: null, daysMin: value.deliveryDaysMin, daysMax: value.deliveryDaysMax });
  for (const [field, message] of problems) ctx.addIssue({ code: "custom", path: [field === "daysMin" ? "deliveryDaysMin" : "deliveryDaysMax"], message });
}
export const DeliverySettingsSchema = strict(deliveryShape).superRefine(checkDeliveryDays);
export type DeliverySettingsInput = z.infer<typeof DeliverySettingsSchema>;
export const DeliveryFormSchema = strict({ ...deliveryShape, intent: z.literal("delivery") }).superRefine(checkDeliveryDays);

export const PickupPointSchema = strict({
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

/** A tier's amount or percent as the API sends it: a string ("1500.50", "10") or a number. */
const tierCell = (required: string, invalid: string) =>
  z.union([z.string(), z.number()], { error: (issue) => (issue.input === undefined ? required : invalid) });

/** One tier as the API sends it: all three keys, nothing else. */
const TierRowSchema = strict(
  {
    minRevenue: tierCell(`${T}.minRevenueRequired`, `${T}.minRevenueInvalid`),
    discountPercent: tierCell(`${T}.discountRequired`, `${T}.discountInvalid`),
    tierName: z.string({ error: `${T}.nameRequired` }),
  },
  `${M}.tierRow`,
);

/**
 * One tier row as the page's form posts it: conform turns an empty input into a missing key, and
 * a spare row may be blank throughout (tier-rules.ts skips it), so every key may be absent.
 */
const cell = z.union([z.string(), z.number()]).nullish();
const TierFormRowSchema = strict({ minRevenue: cell, discountPercent: cell, tierName: z.string().nullish() }).nullish();

/** tier-rules.ts checks the set, each problem on its row and field. */
function checkTierSet(value: { tiers: readonly (RawTierRow | null | undefined)[] }, ctx: z.RefinementCtx) {
  const result = checkTiers(value.tiers);
  if (!result.ok) for (const e of result.errors) ctx.addIssue({ code: "custom", path: ["tiers", e.row, e.field], message: e.message });
}

const tierList = <R extends z.ZodType>(row: R) => z.array(row, { error: `${M}.tiers` }).max(30, { error: `${T}.tooMany` });

/**
 * PUT /api/admin/communities/{id}/tiers, its shape only: `tiers` present, every row complete.
 * A body that fails here is not a tier list at all (400); an empty list clears the tiers.
 */
export const TierListSchema = strict({ tiers: tierList(TierRowSchema) });
/** The shape and then the rules (a set that breaks them is 422, with a message per row and field). */
export const TiersSchema = TierListSchema.superRefine(checkTierSet);

/**
 * The pages' forms ask for the minimum as a choice, "none" or "amount" with its amount, so no
 * community ends up with one by default (issue #45); the amount is read only with "amount".
 */
export const MINIMUM_CHOICES = ["none", "amount"] as const;
const minimumChoice = {
  minimumChoice: z.enum(MINIMUM_CHOICES, { error: `${M}.minimumChoice` }),
  weeklyTargetRevenue: z.string().optional(),
};
function checkMinimumChoice(value: { minimumChoice: string; weeklyTargetRevenue?: string }, ctx: z.RefinementCtx) {
  if (value.minimumChoice !== "amount") return;
  if (!shekels("minimumAmount").safeParse(value.weeklyTargetRevenue ?? "").success) ctx.addIssue({ code: "custom", path: ["weeklyTargetRevenue"], message: `${M}.minimumAmount` });
}
/** The minimum a form's checked choice stands for, in agorot. */
export function minimumOfChoice(value: { minimumChoice: (typeof MINIMUM_CHOICES)[number]; weeklyTargetRevenue?: string }): number {
  return value.minimumChoice === "none" ? NO_MINIMUM : (shekelsToAgorot(value.weeklyTargetRevenue ?? "") ?? NO_MINIMUM);
}
/** The choice and amount a form starts from, for a stored minimum. */
export function minimumChoiceOf(agorot: number) {
  return agorot === NO_MINIMUM ? { minimumChoice: "none" as const, weeklyTargetRevenue: "" } : { minimumChoice: "amount" as const, weeklyTargetRevenue: toDecimalString(agorot) };
}

/** The new-community form on /admin/communities: the details and the minimum's choice. */
export const CreateCommunityFormSchema = CommunityDetailsSchema.extend(minimumChoice).superRefine(checkMinimumChoice);

// The community page's forms, told apart by their `intent` (STYLE.md).
export const COMMUNITY_INTENTS = ["details", "deactivate", "activate", "pickup-add", "pickup-edit", "pickup-remove", "tiers", "cycle", "delivery"] as const;

const pointId = z.string({ error: "errors.notFound" }).min(1, { error: "errors.notFound" });

// Each form as it posts, hidden fields included; the browser validates with these too.
export const CycleFormSchema = CycleSettingsSchema.extend({ intent: z.literal("cycle"), ...minimumChoice }).superRefine(checkMinimumChoice);
export const PickupAddFormSchema = PickupPointSchema.safeExtend({ intent: z.literal("pickup-add") });
export const PickupEditFormSchema = PickupPointSchema.safeExtend({ intent: z.literal("pickup-edit"), pointId });
/** The tiers form: an emptied list posts no rows at all. */
export const TiersFormSchema = strict({ intent: z.literal("tiers"), tiers: tierList(TierFormRowSchema).default([]) }).superRefine(checkTierSet);

export const CommunityPageSchema = z.discriminatedUnion("intent", [
  CommunityDetailsSchema.extend({ intent: z.literal("details") }),
  z.object({ intent: z.literal("deactivate") }),
  z.object({ intent: z.literal("activate") }),
  PickupAddFormSchema,
  PickupEditFormSchema,
  z.object({ intent: z.literal("pickup-remove"), pointId }),
  TiersFormSchema,
  CycleFormSchema,
  DeliveryFormSchema,
]);
