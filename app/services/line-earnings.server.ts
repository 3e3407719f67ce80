// domain/order-money.ts's `lineEarned` in SQL, for sums over many orders: the vendor dashboard,
// the admins' figures and the pickup day all add up lines with this, never `original_total`
// (the base price, which is what community revenue counts, DESIGN.md) and never a copy of it.
import { sql } from "drizzle-orm";
import { orders } from "~/db/schema";

/** quantity x the unit price she actually pays (quantity tier and community discount applied). */
export const lineEarnedSql = sql<number>`(${orders.qty} * ${orders.unitPriceAtPurchase})`;
