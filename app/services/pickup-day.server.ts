// Pickup day (issues #16 and #17): who collects what at each pickup point of a week, each
// shopper once, and the organiser's two answers when she comes or does not. Both go through
// the order state machine (order-lifecycle.server.ts), an audit row per step, in one
// transaction per shopper.
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { deals, eventLogs, orders, pickupPoints, users } from "~/db/schema";
import { ServiceError } from "~/domain/errors";
import { groupPickup, HOME_DELIVERY_PLACE, isWaiting, NO_SHOW_NOTE, type PickupAction, type PickupLine, type PickupPlace } from "~/domain/pickup-day";
import { moveOrder } from "./order-lifecycle.server";

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
 * She came (`collected`: PENDING pays on the spot, then FULFILLED) or did not (`no-show`:
 * CANCELED, noted as a no-show). Applies to all her waiting orders of the week at that place;
 * returns how many moved. Nothing waiting is a 409 (a second tap, or another organiser was
 * quicker).
 */
export function recordHandOver(db: Db, actorUserId: string, cycleId: string, action: PickupAction, now = new Date()): number {
  return db.transaction(
    (tx) => {
      const atPlace =
        action.place === HOME_DELIVERY_PLACE ? eq(orders.deliveryType, "DELIVERY") : and(eq(orders.deliveryType, "PICKUP"), eq(orders.pickupPointId, action.place));
      const waiting = tx
        .select()
        .from(orders)
        .where(and(eq(orders.weeklyCycleId, cycleId), eq(orders.userId, action.shopper), atPlace))
        .all()
        .filter((order) => isWaiting(order.status));
      if (waiting.length === 0) throw new ServiceError(409, "adminCycles.pickupDay.errors.nothingWaiting");
      for (const order of waiting) {
        if (action.intent === "collected") {
          const paid = order.status === "PENDING" ? moveOrder(tx, actorUserId, order, "PAID", now) : order;
          moveOrder(tx, actorUserId, paid, "FULFILLED", now);
        } else {
          moveOrder(tx, actorUserId, order, "CANCELED", now, NO_SHOW_NOTE);
        }
      }
      return waiting.length;
    },
    { behavior: "immediate" },
  );
}
