// A community's discount tiers as an admin enters them (issue #7). Pure: no database.
// Rows arrive as typed (shekel strings or numbers); blank rows are spare rows and are skipped.
// Every problem is reported on its own row and field, as a locale key.

export const TIER_MAX_DISCOUNT = 90;
export const TIER_MAX_ROWS = 12;
export const TIER_NAME_MAX = 40;
/** 10,000,000 ₪ in agorot: anything above is a typo. */
const MAX_MIN_REVENUE = 1_000_000_000;

export type TierField = "minRevenue" | "discountPercent" | "tierName";

export interface RawTierRow {
  minRevenue?: string | number | null;
  discountPercent?: string | number | null;
  tierName?: string | null;
}

export interface ValidTier {
  /** agorot */
  minRevenue: number;
  discountPercent: number;
  tierName: string;
}

export interface TierError {
  /** index of the row as it was given (blank rows count), so it lines up with the form */
  row: number;
  field: TierField;
  message: string;
}

export type TierCheck = { ok: true; tiers: ValidTier[] } | { ok: false; errors: TierError[] };

const M = "admin.communities.tiers.errors";

function blank(value: string | number | null | undefined): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

/** "1,250.5" or 1250.5 -> 125050 agorot; null when it is not an amount with at most 2 decimals. */
export function shekelsToAgorot(value: string | number): number | null {
  const text = typeof value === "number" ? String(value) : value.trim().replace(/[,\s₪]/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ""] = text.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

function wholeNumber(value: string | number): number | null {
  const text = typeof value === "number" ? String(value) : value.trim().replace(/%/g, "");
  return /^\d+$/.test(text) ? Number(text) : null;
}

/**
 * Checks a whole set of tiers: names required; thresholds rise strictly from row to row (the
 * first may be 0); discounts are whole percents from 0 to 90 and rise with the thresholds (a
 * higher tier that gives no more discount is a mistake). Returns the tiers in agorot, in order.
 */
export function checkTiers(rows: readonly (RawTierRow | null | undefined)[]): TierCheck {
  const errors: TierError[] = [];
  const tiers: ValidTier[] = [];
  let previous: { minRevenue: number | null; discountPercent: number | null } | null = null;
  let filled = 0;

  rows.forEach((raw, row) => {
    const input = raw ?? {};
    if (blank(input.minRevenue) && blank(input.discountPercent) && blank(input.tierName)) return;
    filled++;
    const fail = (field: TierField, key: string) => errors.push({ row, field, message: `${M}.${key}` });

    const tierName = typeof input.tierName === "string" ? input.tierName.trim() : "";
    if (!tierName) fail("tierName", "nameRequired");
    else if (tierName.length > TIER_NAME_MAX) fail("tierName", "nameTooLong");

    let minRevenue: number | null = null;
    if (blank(input.minRevenue)) fail("minRevenue", "minRevenueRequired");
    else {
      minRevenue = shekelsToAgorot(input.minRevenue!);
      if (minRevenue === null) fail("minRevenue", "minRevenueInvalid");
      else if (minRevenue > MAX_MIN_REVENUE) {
        fail("minRevenue", "minRevenueTooHigh");
        minRevenue = null;
      } else if (previous?.minRevenue != null && minRevenue <= previous.minRevenue) fail("minRevenue", "minRevenueNotRising");
    }

    let discountPercent: number | null = null;
    if (blank(input.discountPercent)) fail("discountPercent", "discountRequired");
    else {
      discountPercent = wholeNumber(input.discountPercent!);
      if (discountPercent === null) fail("discountPercent", "discountInvalid");
      else if (discountPercent > TIER_MAX_DISCOUNT) fail("discountPercent", "discountTooHigh");
      else if (previous?.discountPercent != null && discountPercent <= previous.discountPercent) fail("discountPercent", "discountNotRising");
    }

    if (minRevenue !== null && discountPercent !== null && tierName && discountPercent <= TIER_MAX_DISCOUNT) {
      tiers.push({ minRevenue, discountPercent, tierName });
    }
    // The next row is compared with what this row says, even when another of its fields is wrong.
    previous = {
      minRevenue: minRevenue ?? previous?.minRevenue ?? null,
      discountPercent: discountPercent !== null && discountPercent <= TIER_MAX_DISCOUNT ? discountPercent : (previous?.discountPercent ?? null),
    };
  });

  if (filled > TIER_MAX_ROWS) errors.push({ row: TIER_MAX_ROWS, field: "tierName", message: `${M}.tooMany` });
  return errors.length ? { ok: false, errors } : { ok: true, tiers };
}
