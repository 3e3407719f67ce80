// Per community and cycle: the weeks, and how much of each deal to pack (the packing list).
// Who takes what, per shopper and pickup point, is pickup-day.server.ts.
import { and, asc, count, desc, eq, notInArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { communities, deals, orders, weeklyCycles } from "~/db/schema";

/** The last weeks of every community, newest first, with their order counts. */
export function recentCycles(db: Db, limit = 40) {
  return db
    .select({
      id: weeklyCycles.id,
      communityName: communities.name,
      orderDeadline: weeklyCycles.orderDeadline,
      pickupDate: weeklyCycles.pickupDate,
      isActive: weeklyCycles.isActive,
      goalMissed: weeklyCycles.goalMissed,
      currentRevenue: weeklyCycles.currentRevenue,
      targetRevenue: weeklyCycles.targetRevenue,
      orderCount: sql<number>`(select count(*) from ${orders} where ${orders.weeklyCycleId} = ${weeklyCycles.id} and ${orders.status} != 'CANCELED')`,
    })
    .from(weeklyCycles)
    .innerJoin(communities, eq(communities.id, weeklyCycles.communityId))
    .orderBy(desc(weeklyCycles.orderDeadline))
    .limit(limit)
    .all();
}

export function cycleSummary(db: Db, cycleId: string) {
  return recentCycles(db, 1000).find((c) => c.id === cycleId) ?? null;
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
