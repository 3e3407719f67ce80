// Pickup day (issues #16 and #17): who collects what at each pickup point of a week, each
// shopper once, and the organiser's two answers when she comes or does not. Both go through
// the order state machine (order-lifecycle.server.ts), an audit row per step, in one
// transaction per shopper.
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { deals, eventLogs, orders, pickupPoints, users, weeklyCycles } from "~/db/schema";
import { ServiceError } from "~/domain/errors";
import { groupPickup, HOME_DELIVERY_PLACE, isWaiting, NO_SHOW_NOTE, type PickupAction, type PickupLine, type PickupPlace } from "~/domain/pickup-day";
import { MARK_NOTES, planUndo, UNDO_NOTE, type StatusStep } from "~/domain/pickup-undo";
import type { OrderStatus } from "~/domain/enums";
import { recordAuditEvent } from "./audit.server";
import { moveOrder } from "./order-lifecycle.server";
import { tellCollected, tellOrdersCancelled } from "./order-messages.server";

/** Every order of the week that someone hands over (refunds aside), grouped by place and shopper. */
export function pickupDay(db: Db, cycleId: string, locale = "he"): PickupPlace[] {
  const rows = db
    .select({
      orderId: orders.id,
      userId: orders.userId,
      memberName: sql<string>`coalesce(${users.name}, trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), ${users.email})`,
      email: users.email,
      phone: sql<string | null>`coalesce(${orders.deliveryPhone}, ${users.phone})`,
      deliveryType: orders.deliveryType,
      pickupPointId: orders.pickupPointId,
      place: sql<string | null>`case when ${orders.deliveryType} = 'PICKUP' then ${pickupPoints.address} else ${orders.deliveryAddress} end`,
      start: pickupPoints.pickupStartTime,
      end: pickupPoints.pickupEndTime,
      dealTitle: deals.title,
      unit: deals.unit,
      qty: orders.qty,
      total: orders.total,
      status: orders.status,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(deals, eq(deals.id, orders.dealId))
    .leftJoin(pickupPoints, eq(pickupPoints.id, orders.pickupPointId))
    .where(and(eq(orders.weeklyCycleId, cycleId), ne(orders.status, "REFUNDED")))
    .all();
  // A cancelled order shows only when it was a no-show (the note on its audit row); cancelled
  // by the shopper or the weekly close, it is no business of the pickup day.
  const canceled = rows.filter((r) => r.status === "CANCELED").map((r) => r.orderId);
  const noShows = new Set(
    canceled.length === 0
      ? []
      : db
          .select({ orderId: sql<string>`json_extract(${eventLogs.payload}, '$.entityId')` })
          .from(eventLogs)
          .where(
            and(
              eq(eventLogs.type, "order.status_changed"),
              sql`json_extract(${eventLogs.payload}, '$.note') = ${NO_SHOW_NOTE}`,
              inArray(sql`json_extract(${eventLogs.payload}, '$.entityId')`, canceled),
            ),
          )
          .all()
          .map((r) => r.orderId),
  );
  const lines: PickupLine[] = rows
    .filter((r) => r.status !== "CANCELED" || noShows.has(r.orderId))
    .map(({ start, end, ...r }) => ({ ...r, hours: start && end ? { start, end } : null, noShow: noShows.has(r.orderId) }));
  return groupPickup(lines, locale);
}

/**
 * Marks are for the pickup day itself: a week still open for orders has nothing to hand over
 * yet, and a no-show there would cancel orders that still count toward its goal (409).
 */
function requireClosedWeek(tx: Tx, cycleId: string) {
  const cycle = tx.select({ isActive: weeklyCycles.isActive }).from(weeklyCycles).where(eq(weeklyCycles.id, cycleId)).get();
  if (!cycle) throw new ServiceError(404, "adminCycles.pickupDay.errors.badAction");
  if (cycle.isActive) throw new ServiceError(409, "adminCycles.pickupDay.atTable.errors.weekOpen");
}

/** Her orders of the week at that place (a pickup point, or home delivery). */
function ordersAt(tx: Tx, cycleId: string, shopper: string, place: string) {
  const atPlace = place === HOME_DELIVERY_PLACE ? eq(orders.deliveryType, "DELIVERY") : and(eq(orders.deliveryType, "PICKUP"), eq(orders.pickupPointId, place));
  return tx.select().from(orders).where(and(eq(orders.weeklyCycleId, cycleId), eq(orders.userId, shopper), atPlace)).all();
}

/**
 * She came (`collected`: PENDING pays on the spot, then FULFILLED) or did not (`no-show`:
 * CANCELED, noted as a no-show), or the day's latest mark was a mistake (`undo`). Applies to all
 * her waiting orders of the week at that place; returns how many moved. Nothing waiting is a 409
 * (a second tap, or another organiser was quicker); so is a week not closed yet. Each step's
 * audit row carries the mark's note, which is how undo finds the mark.
 */
export function recordHandOver(db: Db, actorUserId: string, cycleId: string, action: PickupAction, now = new Date()): number {
  if (action.intent === "undo") return undoHandOver(db, actorUserId, cycleId, action, now);
  return db.transaction(
    (tx) => {
      requireClosedWeek(tx, cycleId);
      const waiting = ordersAt(tx, cycleId, action.shopper, action.place).filter((order) => isWaiting(order.status));
      if (waiting.length === 0) throw new ServiceError(409, "adminCycles.pickupDay.errors.nothingWaiting");
      const moved = waiting.map((order) => {
        if (action.intent !== "collected") return moveOrder(tx, actorUserId, order, "CANCELED", now, NO_SHOW_NOTE);
        const paid = order.status === "PENDING" ? moveOrder(tx, actorUserId, order, "PAID", now, MARK_NOTES.collected) : order;
        return moveOrder(tx, actorUserId, paid, "FULFILLED", now, MARK_NOTES.collected);
      });
      if (action.intent === "collected") tellCollected(tx, moved);
      else tellOrdersCancelled(tx, moved, "noShow");
      return waiting.length;
    },
    { behavior: "immediate" },
  );
}

/**
 * Takes back the latest mark of the same day (pickup-undo.ts decides): each order back to the
 * status it had and the stamps the mark set cleared, an audit row per order noted "undo". This
 * goes around the state machine on purpose (FULFILLED and CANCELED lead nowhere there): it is
 * no new step, it is the last one taken back. Refused with 409 and the reason otherwise.
 */
function undoHandOver(db: Db, actorUserId: string, cycleId: string, action: PickupAction, now: Date): number {
  return db.transaction(
    (tx) => {
      requireClosedWeek(tx, cycleId);
      const mine = ordersAt(tx, cycleId, action.shopper, action.place);
      const ids = mine.map((order) => order.id);
      const steps: StatusStep[] =
        ids.length === 0
          ? []
          : tx
              .select({ payload: eventLogs.payload, at: eventLogs.createdAt })
              .from(eventLogs)
              .where(and(eq(eventLogs.type, "order.status_changed"), inArray(sql`json_extract(${eventLogs.payload}, '$.entityId')`, ids)))
              .orderBy(asc(eventLogs.createdAt), asc(sql`${eventLogs}.rowid`))
              .all()
              .map(({ payload, at }) => ({
                orderId: String(payload?.entityId),
                before: (payload?.before as { status: OrderStatus }).status,
                after: (payload?.after as { status: OrderStatus }).status,
                note: typeof payload?.note === "string" ? payload.note : null,
                at,
              }));
      const plan = planUndo(mine, steps, now);
      if (!plan.ok) throw new ServiceError(409, `adminCycles.pickupDay.atTable.errors.${plan.reason}`);
      for (const step of plan.restore) {
        const cleared = Object.fromEntries(step.clear.map((field) => [field, null]));
        tx.update(orders).set({ status: step.to, ...cleared }).where(eq(orders.id, step.orderId)).run();
        recordAuditEvent(tx, { type: "order.status_changed", actorUserId, entityId: step.orderId, before: { status: step.from }, after: { status: step.to }, note: UNDO_NOTE }, now);
      }
      return plan.restore.length;
    },
    { behavior: "immediate" },
  );
}
