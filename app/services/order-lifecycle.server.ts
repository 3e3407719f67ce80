// Moving an order on (admins, the weekly close, and later payment): one state machine
// (order-status.ts) for every caller, the step's time stored for the timeline, revenue given back
// when an order of an open week is cancelled or refunded, the delivery fee of its checkout put
// right after any change of its money, and every step written to the audit log in the step's own
// transaction. Telling the buyer is the caller's (order-messages.server.ts): one mail per event,
// and an event may move several orders.
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { groups, orders, weeklyCycles, type Order, type OrderStatus } from "~/db/schema";
import { recordAuditEvent } from "./audit.server";
import { giveBackStock } from "./deal-stock.server";
import { ServiceError } from "~/domain/errors";
import { tellCollected, tellOrdersCancelled } from "./order-messages.server";
import { checkoutFeeShares } from "~/domain/delivery";
import { communityDelivery } from "./communities.server";
import { canReprice, canTransition, countsTowardRevenue } from "~/domain/order-status";

function moveOne(tx: Tx, order: Order, to: OrderStatus, now: Date): Order {
  if (!canTransition(order.status, to)) throw new ServiceError(409, "errors.badTransition");
  const stamp = to === "PAID" ? { paidAt: now } : to === "FULFILLED" ? { fulfilledAt: now } : to === "CANCELED" ? { canceledAt: now } : {};
  const updated = tx.update(orders).set({ status: to, ...stamp }).where(eq(orders.id, order.id)).returning().get()!;

  // Produce not handed over goes back on sale (a handed-over order's produce is gone).
  if (countsTowardRevenue(order.status) && !countsTowardRevenue(to) && order.status !== "FULFILLED") giveBackStock(tx, order.dealId, order.qty);

  // Leaving revenue while the week is still open: the community's total goes down again.
  if (countsTowardRevenue(order.status) && !countsTowardRevenue(to) && order.weeklyCycleId) {
    const cycle = tx.select().from(weeklyCycles).where(eq(weeklyCycles.id, order.weeklyCycleId)).get();
    if (cycle?.isActive) {
      tx.update(weeklyCycles).set({ currentRevenue: sql`max(0, ${weeklyCycles.currentRevenue} - ${order.originalTotal})` }).where(eq(weeklyCycles.id, cycle.id)).run();
      if (order.groupId) {
        tx.update(groups)
          .set({ currentRevenue: sql`max(0, ${groups.currentRevenue} - ${order.originalTotal})`, currentQty: sql`max(0, ${groups.currentQty} - ${order.qty})` })
          .where(eq(groups.id, order.groupId))
          .run();
      }
    }
  }

  return updated;
}

/**
 * One step of the state machine inside the caller's transaction, with its audit row.
 * `actorUserId` is the admin who asked, or null for the system (the weekly close); `note` says
 * why when the status alone does not (a pickup-day no-show).
 */
export function moveOrder(tx: Tx, actorUserId: string | null, order: Order, to: OrderStatus, now: Date, note?: string): Order {
  const updated = moveOne(tx, order, to, now);
  recordAuditEvent(tx, { type: "order.status_changed", actorUserId, entityId: order.id, before: { status: order.status }, after: { status: to }, note }, now);
  return updated;
}

/**
 * The weekly close's final price for an order still in progress (PENDING or PAID), with its
 * audit row; anything else is refused like a forbidden step. The total follows the unit price
 * (the caller then puts the delivery rule on its checkout: refreshCheckoutFee); the base total,
 * and so the week's revenue, does not change. A price that goes up is stamped: she may cancel
 * until pickup. Returns the order as it now is; an unchanged price writes nothing.
 */
export function repriceOrder(tx: Tx, actorUserId: string | null, order: Order, unitPrice: number, now: Date): Order {
  if (!canReprice(order.status)) throw new ServiceError(409, "errors.badTransition");
  if (unitPrice === order.unitPriceAtPurchase) return order;
  const total = unitPrice * order.qty + order.deliveryFee;
  const raised = unitPrice > order.unitPriceAtPurchase ? { priceRaisedAt: now } : {};
  const updated = tx.update(orders).set({ unitPriceAtPurchase: unitPrice, total, ...raised }).where(eq(orders.id, order.id)).returning().get()!;
  recordAuditEvent(
    tx,
    { type: "order.repriced", actorUserId, entityId: order.id, before: { unitPriceAtPurchase: order.unitPriceAtPurchase, total: order.total }, after: { unitPriceAtPurchase: unitPrice, total } },
    now,
  );
  return updated;
}

/** The checkout an order belongs to; an order older than the column is a checkout of its own. */
export function checkoutOf(order: Pick<Order, "id" | "checkoutId">): string {
  return order.checkoutId ?? order.id;
}

/** A checkout's orders that still count (not cancelled, not refunded), in the order they were placed. */
function liveOrdersOf(tx: Tx, checkoutId: string): Order[] {
  return tx
    .select()
    .from(orders)
    .where(and(or(eq(orders.checkoutId, checkoutId), eq(orders.id, checkoutId)), inArray(orders.status, ["PENDING", "PAID", "FULFILLED"])))
    .orderBy(asc(orders.createdAt), asc(sql`${orders}.rowid`))
    .all();
}

/** The delivery fee a checkout's live orders carry together now. */
export function checkoutFeeOf(tx: Tx, checkoutId: string): number {
  return liveOrdersOf(tx, checkoutId).reduce((sum, order) => sum + order.deliveryFee, 0);
}

/**
 * Puts the one delivery rule (domain/delivery.ts) on a checkout after any change of one of its
 * orders: its live orders' subtotal decides the fee, carried by the first of them not yet handed
 * over. `ceiling` (the checkout's fee before the change) is given once the week has closed: the
 * close settled the money, so after it the fee may only fall. Each order whose fee moves gets its
 * total and an audit row.
 */
export function refreshCheckoutFee(tx: Tx, actorUserId: string | null, checkoutId: string, now: Date, ceiling?: number): void {
  const live = liveOrdersOf(tx, checkoutId);
  if (live.length === 0) return;
  // The rule of the checkout's community as it is set now (issue #45); a pickup checkout pays
  // nothing whatever it is. An order of a community gone (none here) keeps its fee.
  const settings = communityDelivery(tx, live[0].communityId);
  if (!settings) return;
  const shares = checkoutFeeShares(
    settings,
    live[0].deliveryType,
    live.map((o) => ({ subtotal: o.unitPriceAtPurchase * o.qty, deliveryFee: o.deliveryFee, settled: !canReprice(o.status) })),
    ceiling,
  );
  live.forEach((order, index) => {
    const fee = shares[index];
    if (fee === order.deliveryFee) return;
    const total = order.unitPriceAtPurchase * order.qty + fee;
    tx.update(orders).set({ deliveryFee: fee, total }).where(eq(orders.id, order.id)).run();
    recordAuditEvent(
      tx,
      { type: "order.delivery_fee_changed", actorUserId, entityId: order.id, before: { deliveryFee: order.deliveryFee, total: order.total }, after: { deliveryFee: fee, total } },
      now,
    );
  });
}

/** Whether the order's week is still open (an order of no week counts as open). */
export function weekIsOpen(tx: Tx, order: Pick<Order, "weeklyCycleId">): boolean {
  if (!order.weeklyCycleId) return true;
  return tx.select({ isActive: weeklyCycles.isActive }).from(weeklyCycles).where(eq(weeklyCycles.id, order.weeklyCycleId)).get()?.isActive ?? true;
}

/**
 * Runs `change` on an order, then the delivery rule on its checkout (refreshCheckoutFee): the
 * fee follows the rule both ways while the week is open, and may only fall after its close.
 */
export function withCheckoutFee<T>(tx: Tx, actorUserId: string | null, order: Order, now: Date, change: () => T): T {
  const checkoutId = checkoutOf(order);
  const ceiling = weekIsOpen(tx, order) ? undefined : checkoutFeeOf(tx, checkoutId);
  const result = change();
  refreshCheckoutFee(tx, actorUserId, checkoutId, now, ceiling);
  return result;
}

/**
 * An admin (`actorUserId`) moves one order to a new status. Cancelling or refunding it changes
 * what its checkout's other orders add up to: their delivery fee follows.
 */
export function setOrderStatus(db: Db, actorUserId: string, orderId: string, to: OrderStatus, now = new Date()): Order {
  return db.transaction(
    (tx) => {
      const order = tx.select().from(orders).where(eq(orders.id, orderId)).get();
      if (!order) throw new ServiceError(404, "shop.errors.orderNotFound");
      if (countsTowardRevenue(to)) {
        const moved = moveOrder(tx, actorUserId, order, to, now);
        if (to === "FULFILLED") tellCollected(tx, [moved]);
        return moved;
      }
      const moved = withCheckoutFee(tx, actorUserId, order, now, () => moveOrder(tx, actorUserId, order, to, now));
      tellOrdersCancelled(tx, [moved], to === "REFUNDED" ? "refund" : "organiser");
      return moved;
    },
    { behavior: "immediate" },
  );
}

/** "Mark all as fulfilled" on a pickup list: every PAID or PENDING order of the cycle, by an admin. */
export function fulfillCycle(db: Db, actorUserId: string, cycleId: string, now = new Date()): number {
  return db.transaction(
    (tx) => {
      const due = tx.select().from(orders).where(and(eq(orders.weeklyCycleId, cycleId), inArray(orders.status, ["PENDING", "PAID"]))).all();
      const handed = due.map((order) => {
        const paid = order.status === "PENDING" ? moveOrder(tx, actorUserId, order, "PAID", now) : order;
        return moveOrder(tx, actorUserId, paid, "FULFILLED", now);
      });
      tellCollected(tx, handed);
      return due.length;
    },
    { behavior: "immediate" },
  );
}
