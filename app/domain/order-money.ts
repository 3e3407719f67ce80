// The money of one order line, one rule for every screen that shows it: the shopper's receipt,
// the vendor's dashboard and the admins' figures. Pure; agorot. The SQL twin of `lineEarned`
// is services/line-earnings.server.ts, tested against this one.
import { VAT_PERCENT } from "./business";

interface OrderLine {
  qty: number;
  /** what one unit cost her: the quantity-tier price less the community's discount */
  unitPriceAtPurchase: number;
  /** base price x qty */
  originalTotal: number;
}

/** What this line earned: the quantity times the unit price she actually pays, delivery aside. */
export function lineEarned(line: Pick<OrderLine, "qty" | "unitPriceAtPurchase">): number {
  return line.qty * line.unitPriceAtPurchase;
}

/** What she saved on this line against the base price (never below zero). */
export function lineSavings(line: OrderLine): number {
  return Math.max(0, line.originalTotal - lineEarned(line));
}

/** The VAT part of a price that includes VAT at `percent` (rounded to the agora). */
export function vatIncluded(gross: number, percent = VAT_PERCENT): number {
  return Math.round((gross * percent) / (100 + percent));
}
