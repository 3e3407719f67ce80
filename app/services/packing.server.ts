// What admins need on pickup day: per community and cycle, who takes what (the pickup list)
// and how much of each deal to pack (the packing list).
import { and, asc, count, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { communities, deals, orders, pickupPoints, users, weeklyCycles } from "~/db/schema";
import type { ListWindow } from "~/domain/list-query";
import { containsAny } from "./list-search.server";

const cycleColumns = {
  id: weeklyCycles.id,
  communityName: communities.name,
  orderDeadline: weeklyCycles.orderDeadline,
  pickupDate: weeklyCycles.pickupDate,
  isActive: weeklyCycles.isActive,
  goalMissed: weeklyCycles.goalMissed,
  currentRevenue: weeklyCycles.currentRevenue,
  targetRevenue: weeklyCycles.targetRevenue,
  orderCount: sql<number>`(select count(*) from ${orders} where ${orders.weeklyCycleId} = ${weeklyCycles.id} and ${orders.status} != 'CANCELED')`,
};

const cycleSearch = (q: string) => containsAny(q, [communities.name]);

/**
 * The weeks of every community, newest first, with their order counts: one page of the admin
 * list (a search narrows it to communities whose name has the text).
 */
export function recentCycles(db: Db, window: Partial<ListWindow> = {}) {
  return db
    .select(cycleColumns)
    .from(weeklyCycles)
    .innerJoin(communities, eq(communities.id, weeklyCycles.communityId))
    .where(cycleSearch(window.q ?? ""))
    .orderBy(desc(weeklyCycles.orderDeadline), asc(weeklyCycles.id))
    .limit(window.limit ?? 40)
    .offset(window.offset ?? 0)
    .all();
}

/** How many weeks the search finds (all of them without one). */
export function countCycles(db: Db, q = ""): number {
  return db.select({ n: count() }).from(weeklyCycles).innerJoin(communities, eq(communities.id, weeklyCycles.communityId)).where(cycleSearch(q)).get()?.n ?? 0;
}

export function cycleSummary(db: Db, cycleId: string) {
  return db.select(cycleColumns).from(weeklyCycles).innerJoin(communities, eq(communities.id, weeklyCycles.communityId)).where(eq(weeklyCycles.id, cycleId)).get() ?? null;
}

/** How many of a week's orders "mark all delivered" would move (pending or paid ones). */
export function fulfillableCount(db: Db, cycleId: string): number {
  return db.select({ n: count() }).from(orders).where(and(eq(orders.weeklyCycleId, cycleId), inArray(orders.status, ["PENDING", "PAID"]))).get()?.n ?? 0;
}

const live = notInArray(orders.status, ["CANCELED", "REFUNDED"]);

/** One line per order: the member, how to reach them, what they take and where. */
export function pickupList(db: Db, cycleId: string) {
  return db
    .select({
      orderId: orders.id,
      memberName: sql<string>`coalesce(${users.name}, ${users.email})`,
      email: users.email,
      phone: sql<string | null>`coalesce(${orders.deliveryPhone}, ${users.phone})`,
      deliveryType: orders.deliveryType,
      place: sql<string | null>`coalesce(${pickupPoints.address}, ${orders.deliveryAddress})`,
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
    .where(and(eq(orders.weeklyCycleId, cycleId), live))
    .orderBy(asc(users.name), asc(deals.title))
    .all();
}

/** Totals per deal: what to pack for this community's week. */
export function packingTotals(db: Db, cycleId: string) {
  return db
    .select({ dealTitle: deals.title, unit: deals.unit, qty: sql<number>`sum(${orders.qty})`, orders: count() })
    .from(orders)
    .innerJoin(deals, eq(deals.id, orders.dealId))
    .where(and(eq(orders.weeklyCycleId, cycleId), live))
    .groupBy(deals.id)
    .orderBy(asc(deals.title))
    .all();
}
