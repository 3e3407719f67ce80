// The shopper's printable order documents: one order (/orders/:id/receipt) or a whole checkout
// (/checkouts/:id/receipt, every order one cart checkout placed). Each line says who sold it; the
// document gives the pickup or delivery and the money (what the lines earned, VAT inside it, the
// saving). Only the orders' owner gets them; anyone else gets null ("not found", never
// "forbidden"). Whether a document is a receipt or an order summary is domain/receipt-kind.ts.
import { and, asc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { communities, deals, orders, pickupPoints, vendors, weeklyCycles } from "~/db/schema";
import { lineEarned, lineSavings, vatIncluded } from "~/domain/order-money";
import { isLiveStatus, receiptKind } from "~/domain/receipt-kind";

/** Every order line a document prints, with what the line needs from its deal, vendor and place. */
function receiptRows(db: Db, where: SQL | undefined) {
  return db
    .select({
      order: orders,
      dealTitle: deals.title,
      dealUnit: deals.unit,
      basePrice: deals.basePrice,
      vendorId: vendors.id,
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
    .where(where)
    .orderBy(asc(orders.createdAt), asc(sql`${orders}.rowid`))
    .all();
}

/** Her orders of one checkout; an order older than the column is a checkout named by its own id. */
function ofCheckout(userId: string, checkoutId: string) {
  return and(eq(orders.userId, userId), or(eq(orders.checkoutId, checkoutId), and(isNull(orders.checkoutId), eq(orders.id, checkoutId))));
}

type ReceiptRow = ReturnType<typeof receiptRows>[number];
/** Where the goods go: how, and for a pickup, the point and its hours. */
export type ReceiptPlace = Pick<ReceiptRow, "order" | "communityName" | "pickupAddress" | "pickupDays" | "pickupStartTime" | "pickupEndTime" | "orderDeadline">;

function withMoney(row: ReceiptRow) {
  return {
    ...row,
    /** the goods: quantity x the unit price she pays */
    lineTotal: lineEarned(row.order),
    /** against the base price */
    savings: lineSavings(row.order),
  };
}

export function receiptFor(db: Db, userId: string, orderId: string) {
  const row = receiptRows(db, and(eq(orders.id, orderId), eq(orders.userId, userId)))[0];
  if (!row) return null;
  return {
    ...withMoney(row),
    kind: receiptKind([row.order.status]),
    /** the VAT included in everything she pays (goods and delivery) */
    vat: vatIncluded(row.order.total),
  };
}

/**
 * The whole checkout `checkoutId` names (an order older than the column is a checkout of its own,
 * named by its id, as order-lifecycle's checkoutOf says): its orders grouped by who sold them,
 * and the bill of the ones still in it. The delivery fee is the checkout's one fee, whichever
 * order carries it; cancelled and refunded orders are counted, not billed.
 */
export function checkoutReceiptFor(db: Db, userId: string, checkoutId: string) {
  const rows = receiptRows(db, ofCheckout(userId, checkoutId));
  if (rows.length === 0) return null;
  const live = rows.filter((row) => isLiveStatus(row.order.status)).map(withMoney);
  const groups = new Map<string, { vendorName: string; lines: typeof live; subtotal: number }>();
  for (const line of live) {
    const group = groups.get(line.vendorId) ?? { vendorName: line.vendorName, lines: [], subtotal: 0 };
    group.lines.push(line);
    group.subtotal += line.lineTotal;
    groups.set(line.vendorId, group);
  }
  const total = live.reduce((sum, line) => sum + line.order.total, 0);
  const first = rows[0]!;
  return {
    checkoutId,
    kind: receiptKind(rows.map((row) => row.order.status)),
    /** where and how: one checkout has one way of delivery and one pickup point */
    place: first,
    placedAt: first.order.createdAt,
    groups: [...groups.values()],
    /** orders of the checkout cancelled or refunded since: not in the bill */
    droppedCount: rows.length - live.length,
    goods: live.reduce((sum, line) => sum + line.lineTotal, 0),
    savings: live.reduce((sum, line) => sum + line.savings, 0),
    deliveryFee: live.reduce((sum, line) => sum + line.order.deliveryFee, 0),
    total,
    vat: vatIncluded(total),
  };
}

/** How many orders the checkout of this order placed (pages offer the checkout's document when more than one). */
export function checkoutOrderCount(db: Db, userId: string, checkoutId: string): number {
  return (
    db
      .select({ n: sql<number>`count(*)` })
      .from(orders)
      .where(ofCheckout(userId, checkoutId))
      .get()?.n ?? 0
  );
}
