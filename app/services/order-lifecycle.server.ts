// Moving an order on (admins, the weekly close, and later payment): one state machine
// (order-status.ts) for every caller, the step's time stored for the timeline, revenue given back
// when an order of an open week is cancelled or refunded, the buyer told when it is fulfilled,
// and every step written to the audit log in the step's own transaction.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { deals, groups, orders, users, weeklyCycles, type Order, type OrderStatus } from "~/db/schema";
import { recordAuditEvent } from "./audit.server";
import { ServiceError } from "~/domain/errors";
import { translatorFor } from "./i18n.server";
import { notify } from "./notifications.server";
import { canReprice, canTransition, countsTowardRevenue } from "~/domain/order-status";

function moveOne(tx: Tx, order: Order, to: OrderStatus, now: Date): Order {
  if (!canTransition(order.status, to)) throw new ServiceError(409, "errors.badTransition");
  const stamp = to === "PAID" ? { paidAt: now } : to === "FULFILLED" ? { fulfilledAt: now } : to === "CANCELED" ? { canceledAt: now } : {};
  const updated = tx.update(orders).set({ status: to, ...stamp }).where(eq(orders.id, order.id)).returning().get()!;

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

  if (to === "FULFILLED") {
    const deal = tx.select({ title: deals.title, slug: deals.slug }).from(deals).where(eq(deals.id, order.dealId)).get()!;
    const language = tx.select({ language: users.language }).from(users).where(eq(users.id, order.userId)).get()?.language ?? "he";
    const t = translatorFor(language);
    notify(tx, [
      { userId: order.userId, type: "ORDER_DELIVERED", title: t("notify.orderDeliveredTitle"), message: t("notify.orderDeliveredMessage", { deal: deal.title }), data: { dealSlug: deal.slug, orderId: order.id } },
      { userId: order.userId, type: "REVIEW_REMINDER", title: t("notify.reviewReminderTitle"), message: t("notify.reviewReminderMessage", { deal: deal.title }), data: { dealSlug: deal.slug, orderId: order.id } },
    ]);
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
 * (the delivery fee stays); the base total, and so the week's revenue, does not change.
 * Returns the order as it now is; an unchanged price writes nothing.
 */
export function repriceOrder(tx: Tx, actorUserId: string | null, order: Order, unitPrice: number, now: Date): Order {
  if (!canReprice(order.status)) throw new ServiceError(409, "errors.badTransition");
  if (unitPrice === order.unitPriceAtPurchase) return order;
  const total = unitPrice * order.qty + order.deliveryFee;
  const updated = tx.update(orders).set({ unitPriceAtPurchase: unitPrice, total }).where(eq(orders.id, order.id)).returning().get()!;
  recordAuditEvent(
    tx,
    { type: "order.repriced", actorUserId, entityId: order.id, before: { unitPriceAtPurchase: order.unitPriceAtPurchase, total: order.total }, after: { unitPriceAtPurchase: unitPrice, total } },
    now,
  );
  return updated;
}

/** An admin (`actorUserId`) moves one order to a new status. */
export function setOrderStatus(db: Db, actorUserId: string, orderId: string, to: OrderStatus, now = new Date()): Order {
  return db.transaction(
    (tx) => {
      const order = tx.select().from(orders).where(eq(orders.id, orderId)).get();
      if (!order) throw new ServiceError(404, "shop.errors.orderNotFound");
      return moveOrder(tx, actorUserId, order, to, now);
    },
    { behavior: "immediate" },
  );
}

/** "Mark all as fulfilled" on a pickup list: every PAID or PENDING order of the cycle, by an admin. */
export function fulfillCycle(db: Db, actorUserId: string, cycleId: string, now = new Date()): number {
  return db.transaction(
    (tx) => {
      const due = tx.select().from(orders).where(and(eq(orders.weeklyCycleId, cycleId), inArray(orders.status, ["PENDING", "PAID"]))).all();
      for (const order of due) {
        const paid = order.status === "PENDING" ? moveOrder(tx, actorUserId, order, "PAID", now) : order;
        moveOrder(tx, actorUserId, paid, "FULFILLED", now);
      }
      return due.length;
    },
    { behavior: "immediate" },
  );
}
