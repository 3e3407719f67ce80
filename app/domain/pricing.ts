// Community pricing (spec section 9, DESIGN.md). Pure: no database, amounts in agorot.

export interface CommunityTier {
  minRevenue: number;
  discountPercent: number;
  tierName: string;
}

export interface QuantityTier {
  thresholdQty: number;
  unitPrice: number;
}

/** The discount starts beyond this percent make a deal "hot". */
export const HOT_DISCOUNT_PERCENT = 30;
/** The banner's target when a community has no next tier configured (10,000 ₪). */
export const DEFAULT_NEXT_TARGET = 1_000_000;

function byMinRevenue(tiers: readonly CommunityTier[]) {
  return [...tiers].sort((a, b) => a.minRevenue - b.minRevenue);
}

/** The highest tier whose minimum the revenue has reached, if any. */
export function appliedTier<T extends CommunityTier>(tiers: readonly T[], revenue: number): T | null {
  let applied: T | null = null;
  for (const tier of byMinRevenue(tiers) as T[]) if (tier.minRevenue <= revenue) applied = tier;
  return applied;
}

/** The first tier above the revenue, or null when every tier is reached. */
export function nextTier<T extends CommunityTier>(tiers: readonly T[], revenue: number): T | null {
  return (byMinRevenue(tiers) as T[]).find((tier) => tier.minRevenue > revenue) ?? null;
}

/**
 * Progress toward the next tier: (revenue - previous tier) / (next tier - previous tier), in
 * whole percent, capped at 100; 100 once every tier is reached.
 */
export function progressPercent(tiers: readonly CommunityTier[], revenue: number): number {
  const next = nextTier(tiers, revenue);
  if (!next) return 100;
  const previous = appliedTier(tiers, revenue)?.minRevenue ?? 0;
  const span = next.minRevenue - previous;
  if (span <= 0) return 100;
  return Math.max(0, Math.min(100, Math.floor(((revenue - previous) / span) * 100)));
}

/** The current discount percent for a community's revenue (0 below the first tier). */
export function discountFor(tiers: readonly CommunityTier[], revenue: number): number {
  return appliedTier(tiers, revenue)?.discountPercent ?? 0;
}

/** The agorot still missing to the next tier, or null once every tier is reached. */
export function amountToNextTier(tiers: readonly CommunityTier[], revenue: number): number | null {
  const next = nextTier(tiers, revenue);
  return next ? next.minRevenue - revenue : null;
}

/** The quantity tier a quantity falls in: the highest threshold at or below it, if any. */
function quantityTierFor(tiers: readonly QuantityTier[], qty: number): QuantityTier | null {
  let best: QuantityTier | null = null;
  for (const tier of tiers) if (tier.thresholdQty <= qty && tier.thresholdQty > (best?.thresholdQty ?? 0)) best = tier;
  return best;
}

/** Legacy quantity tiers: the highest threshold at or below the quantity, else the base price. */
export function quantityUnitPrice(basePrice: number, tiers: readonly QuantityTier[], qty: number): number {
  return quantityTierFor(tiers, qty)?.unitPrice ?? basePrice;
}

/** What one unit costs this buyer: the quantity-tier price less the community's discount. */
export function unitPriceFor(input: {
  basePrice: number;
  quantityTiers: readonly QuantityTier[];
  qty: number;
  discountPercent: number;
}): number {
  const listPrice = quantityUnitPrice(input.basePrice, input.quantityTiers, input.qty);
  return Math.round((listPrice * (100 - input.discountPercent)) / 100);
}

/**
 * How one buyer's price is made, for the line that explains it: the quantity price (and the
 * quantity it starts from), less the community's discount, and what that saves against the
 * base price, per unit and for the whole quantity.
 */
export function priceBreakdown(input: { basePrice: number; quantityTiers: readonly QuantityTier[]; qty: number; discountPercent: number }) {
  const tier = quantityTierFor(input.quantityTiers, input.qty);
  const quantityPrice = tier?.unitPrice ?? input.basePrice;
  const unitPrice = unitPriceFor(input);
  const savedPerUnit = Math.max(0, input.basePrice - unitPrice);
  return {
    quantityPrice,
    /** null when the quantity is below every quantity tier (the base price applies) */
    fromQty: tier?.thresholdQty ?? null,
    discountPercent: input.discountPercent,
    unitPrice,
    savedPerUnit,
    savedTotal: savedPerUnit * input.qty,
    savingsPercent: savingsPercent(input.basePrice, unitPrice),
  };
}

/** Whole percent saved against the base price. */
export function savingsPercent(basePrice: number, unitPrice: number): number {
  if (basePrice <= 0 || unitPrice >= basePrice) return 0;
  return Math.round(((basePrice - unitPrice) / basePrice) * 100);
}

export function isHot(discountPercent: number): boolean {
  return discountPercent > HOT_DISCOUNT_PERCENT;
}

/** The money of one order line: what revenue counts (base) and what the buyer pays. */
export function lineAmounts(input: {
  basePrice: number;
  quantityTiers: readonly QuantityTier[];
  qty: number;
  discountPercent: number;
}) {
  const unitPrice = unitPriceFor(input);
  return { unitPrice, originalTotal: input.basePrice * input.qty, subtotal: unitPrice * input.qty };
}
