// Delivery rules, in one place (DESIGN.md): every screen, the FAQ and the terms render from
// these, so the copy can never disagree with what checkout charges. Since issue #45 each
// community sets its own delivery (on or off, fee, free-from, promised days): the rules take
// its `DeliverySettings`. Pure. Money in agorot.
import type { DeliveryType } from "~/domain/enums";

/** One community's home delivery, as its organiser set it (communities.delivery_* columns). */
export interface DeliverySettings {
  /** off: the community is pickup only, nowhere is delivery offered */
  enabled: boolean;
  /** agorot per checkout; 0 is always free */
  fee: number;
  /** agorot: the checkout subtotal from which delivery is free; null when it never is */
  freeFrom: number | null;
  /** business days after the close that delivery takes, as promised */
  daysMin: number;
  daysMax: number;
}

/** What a new community starts with: delivery off until its organiser turns it on. */
export const NEW_COMMUNITY_DELIVERY: DeliverySettings = { enabled: false, fee: 1500, freeFrom: 15_000, daysMin: 2, daysMax: 5 };

/** The settings of a community row (the columns of migration 0006). */
export function deliverySettingsOf(row: {
  deliveryEnabled: boolean;
  deliveryFee: number;
  freeDeliveryFrom: number | null;
  deliveryDaysMin: number;
  deliveryDaysMax: number;
}): DeliverySettings {
  return { enabled: row.deliveryEnabled, fee: row.deliveryFee, freeFrom: row.freeDeliveryFrom, daysMin: row.deliveryDaysMin, daysMax: row.deliveryDaysMax };
}

/** Orders can be cancelled or changed until 24 hours before the cycle's deadline (FAQ). */
export const CANCEL_CUTOFF_HOURS = 24;
/** A refund after cancelling takes 5-7 business days. */
export const REFUND_DAYS = { min: 5, max: 7 } as const;

/** Whether a shopper of this community may choose home delivery. */
export function offersDelivery(settings: DeliverySettings | null | undefined): settings is DeliverySettings {
  return Boolean(settings?.enabled);
}

/**
 * The delivery fee for a checkout of this subtotal. It does not look at `enabled`: a community
 * that turns delivery off keeps the rule for the delivery orders it already took (their fee
 * still follows their subtotal); refusing new ones is the checkout's job (offersDelivery).
 */
export function deliveryFee(settings: DeliverySettings, deliveryType: DeliveryType, subtotal: number): number {
  if (deliveryType === "PICKUP") return 0;
  return settings.freeFrom !== null && subtotal >= settings.freeFrom ? 0 : settings.fee;
}

/**
 * How much more the subtotal needs for free home delivery: 0 once it is free, null when there
 * is nothing to reach (delivery off, never free, or no fee at all).
 */
export function freeDeliveryGap(settings: DeliverySettings, subtotal: number): number | null {
  if (!settings.enabled || settings.freeFrom === null || settings.fee === 0) return null;
  return Math.max(0, settings.freeFrom - subtotal);
}

export interface CheckoutLine {
  /** what its goods cost: unit price x qty */
  subtotal: number;
  /** the fee it carries now */
  deliveryFee: number;
  /** handed over and paid (FULFILLED): its fee is what she paid and stays */
  settled: boolean;
}

/**
 * The fee each live order of one checkout carries (DESIGN.md: one rule, recomputed on every
 * change of an order): the rule above on the subtotal of all of them, on the first order not yet
 * handed over (less any fee an order already handed over was paid with); the others carry none.
 * `ceiling` caps the checkout's fee: once the week has closed it may only fall. When every live
 * order was handed over already, none takes a new fee: nothing is charged after a handover. In
 * the order given.
 */
export function checkoutFeeShares(
  settings: DeliverySettings,
  deliveryType: DeliveryType,
  lines: readonly CheckoutLine[],
  ceiling = Number.POSITIVE_INFINITY,
): number[] {
  const subtotal = lines.reduce((sum, line) => sum + line.subtotal, 0);
  const fee = Math.min(deliveryFee(settings, deliveryType, subtotal), ceiling);
  const paid = lines.reduce((sum, line) => sum + (line.settled ? line.deliveryFee : 0), 0);
  const carrier = lines.findIndex((line) => !line.settled);
  return lines.map((line, index) => (line.settled ? line.deliveryFee : index === carrier ? Math.max(0, fee - paid) : 0));
}

/** Limits an organiser may set (the columns have no check constraints: the schema and this hold them). */
export const DELIVERY_LIMITS = { maxFee: 100_000, maxFreeFrom: 10_000_000, maxDays: 30 } as const;

/** The problems of a set of settings, as [field, locale key] pairs; empty when it may be saved. */
export function deliverySettingsProblems(s: DeliverySettings): [keyof DeliverySettings, string][] {
  const M = "admin.communities.deliverySettings.errors";
  const problems: [keyof DeliverySettings, string][] = [];
  if (!Number.isInteger(s.fee) || s.fee < 0 || s.fee > DELIVERY_LIMITS.maxFee) problems.push(["fee", `${M}.fee`]);
  if (s.freeFrom !== null && (!Number.isInteger(s.freeFrom) || s.freeFrom < 0 || s.freeFrom > DELIVERY_LIMITS.maxFreeFrom)) problems.push(["freeFrom", `${M}.freeFrom`]);
  const day = (n: number) => Number.isInteger(n) && n >= 1 && n <= DELIVERY_LIMITS.maxDays;
  if (!day(s.daysMin)) problems.push(["daysMin", `${M}.days`]);
  if (!day(s.daysMax)) problems.push(["daysMax", `${M}.days`]);
  else if (day(s.daysMin) && s.daysMax < s.daysMin) problems.push(["daysMax", `${M}.daysOrder`]);
  return problems;
}

/**
 * What the copy says of one community's delivery price and time, as a locale key and its
 * values (the FAQ, the terms, the deal page); null settings = a viewer of no community, whose
 * answer is that each community decides.
 */
export function deliveryPhrases(settings: DeliverySettings | null, shekel: (agorot: number) => string) {
  const P = "shop.communityDelivery";
  if (!settings) return { price: { key: `${P}.price.any`, values: {} }, time: { key: `${P}.time.any`, values: {} } };
  if (!settings.enabled) return { price: { key: `${P}.price.off`, values: {} }, time: { key: `${P}.time.off`, values: {} } };
  const fee = shekel(settings.fee);
  const price =
    settings.fee === 0 || settings.freeFrom === 0
      ? { key: `${P}.price.free`, values: {} }
      : settings.freeFrom === null
        ? { key: `${P}.price.neverFree`, values: { fee } }
        : { key: `${P}.price.paid`, values: { fee, freeFrom: shekel(settings.freeFrom) } };
  const time =
    settings.daysMin === settings.daysMax
      ? { key: `${P}.time.exact`, values: { count: settings.daysMax } }
      : { key: `${P}.time.range`, values: { minDays: settings.daysMin, maxDays: settings.daysMax } };
  return { price, time };
}
