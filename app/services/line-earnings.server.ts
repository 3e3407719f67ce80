// domain/order-money.ts's `lineEarned` in SQL, for sums over many orders: the vendor dashboard,
// the admins' figures and the pickup day all add up lines with this, never `original_total`
// (the base price, which is what community revenue counts, DESIGN.md) and never a copy of it.
import { sql, type SQLWrapper } from "drizzle-orm";
import { orders } from "~/db/schema";

/** quantity x the unit price she actually pays (quantity tier and community discount applied). */
export const lineEarnedSql = sql<number>`(${orders.qty} * ${orders.unitPriceAtPurchase})`;

/**
 * domain/farmer-money.ts's `marketShareOf` of one order row, in SQL, for sums: each line rounded
 * to the agora before it is added, as the statement adds them. `shareBasisPoints` is a column or a
 * number. (SQLite's round() and Math.round agree on these: the halves are exact.)
 */
export function marketShareSql(shareBasisPoints: SQLWrapper | number) {
  return sql<number>`cast(round(${orders.qty} * ${orders.unitPriceAtPurchase} * ${shareBasisPoints} / 10000.0) as integer)`;
}
