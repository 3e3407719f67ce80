// The weekly close's money rule (DESIGN.md: discounts are settled at the close, both ways). Pure;
// agorot. The price shown at purchase is the price if nothing changes; the close gives every order
// still in progress the price its week's final revenue earns, lower or higher, so a big order
// cancelled or cut after others bought cannot leave them a discount the week did not earn.
import type { OrderStatus } from "./enums";
import { countsTowardRevenue } from "./order-status";
import { appliedTier, quantityUnitPrice, type CommunityTier, type QuantityTier } from "./pricing";

/** The base totals of a week's live orders (not cancelled, not refunded): what its tiers count. */
export function liveRevenue(orders: readonly { status: OrderStatus; originalTotal: number }[]): number {
  let revenue = 0;
  for (const order of orders) if (countsTowardRevenue(order.status)) revenue += order.originalTotal;
  return revenue;
}

/** The tier a week's final revenue earns, and its discount (0 below the first tier). */
export function tierEarned<T extends CommunityTier>(tiers: readonly T[], revenue: number): { tier: T | null; discountPercent: number } {
  const tier = appliedTier(tiers, revenue);
  return { tier, discountPercent: tier?.discountPercent ?? 0 };
}

export interface SettledLine {
  basePrice: number;
  quantityTiers: readonly QuantityTier[];
  qty: number;
  /** the quantity price she was shown (null on orders older than it: today's applies) */
  quantityPriceAtPurchase: number | null;
}

/**
 * The quantity price the close starts from: the quantity-tier price for her quantity (highest
 * threshold at or below it, else the base price), but never above the one she was shown, so a
 * price raised mid-week does not reach those who bought before, and a price cut does.
 */
export function settledQuantityPrice(line: SettledLine): number {
  const today = quantityUnitPrice(line.basePrice, line.quantityTiers, line.qty);
  return line.quantityPriceAtPurchase === null ? today : Math.min(today, line.quantityPriceAtPurchase);
}

/**
 * A line's final unit price: its quantity price less the discount the week's final tier gives,
 * whether below or above the unit price shown at purchase; never above the quantity price.
 */
export function finalUnitPrice(line: SettledLine, discountPercent: number): number {
  const percent = Math.min(100, Math.max(0, discountPercent));
  return Math.round((settledQuantityPrice(line) * (100 - percent)) / 100);
}
