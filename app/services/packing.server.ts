// Per community and cycle: the weeks, and how much of each deal to pack (the packing list).
// Who takes what, per shopper and pickup point, is pickup-day.server.ts.
import { and, asc, count, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { inlined } from "~/db/prepared.server";
import { communities, deals, orders, weeklyCycles } from "~/db/schema";
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
  /** when the week opened for orders: the pace an "at risk" week is measured by starts here */
  openedAt: weeklyCycles.createdAt,
  closedAt: weeklyCycles.closedAt,
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
    .limit(inlined(window.limit ?? 40))
    .offset(inlined(window.offset ?? 0))
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
