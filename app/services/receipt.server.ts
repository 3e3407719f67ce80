// The shopper's printable receipt for one order (/orders/:id/receipt): the line, who sold it, the
// pickup or delivery, and the money (what the line earned, VAT inside it, the saving). Only the
// order's owner gets it; anyone else gets null ("not found", never "forbidden").
import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { communities, deals, orders, pickupPoints, vendors, weeklyCycles } from "~/db/schema";
import { lineEarned, lineSavings, vatIncluded } from "~/domain/order-money";

export function receiptFor(db: Db, userId: string, orderId: string) {
  const row = db
    .select({
      order: orders,
      dealTitle: deals.title,
      dealUnit: deals.unit,
      basePrice: deals.basePrice,
      vendorName: vendors.name,
      communityName: communities.name,
      pickupAddress: pickupPoints.address,
      pickupDays: pickupPoints.pickupDays,
      pickupStartTime: pickupPoints.pickupStartTime,
      pickupEndTime: pickupPoints.pickupEndTime,
      orderDeadline: weeklyCycles.orderDeadline,
    })
    .from(orders)
    .innerJoin(deals, eq(deals.id, orders.dealId))
    .innerJoin(vendors, eq(vendors.id, deals.vendorId))
    .leftJoin(communities, eq(communities.id, orders.communityId))
    .leftJoin(pickupPoints, eq(pickupPoints.id, orders.pickupPointId))
    .leftJoin(weeklyCycles, eq(weeklyCycles.id, orders.weeklyCycleId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .get();
  if (!row) return null;
  const { order } = row;
  return {
    ...row,
    /** the goods: quantity x the unit price she pays */
    lineTotal: lineEarned(order),
    /** against the base price */
    savings: lineSavings(order),
    /** the VAT included in everything she pays (goods and delivery) */
    vat: vatIncluded(order.total),
  };
}
