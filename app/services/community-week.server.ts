// A community's group purchases of the week (/groups): how far the community is from its next
// tier, the deadline, how many neighbours joined, and each deal's group with its buyers. The
// page an organiser shares, so it reads the same for a guest as for a member.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { deals, groups, orders } from "~/db/schema";
import { countsTowardRevenue } from "~/domain/order-status";
import { ORDER_STATUSES } from "~/domain/enums";
import { communityPricing, progressView } from "./community-pricing.server";
import { findDealsByIds } from "./deals.server";
import { activePickupPoints } from "./communities.server";
import { shownPickupPoint } from "~/domain/pickup-point";

/** Groups listed on the page: the busiest first; the rest are a link to the deals list. */
export const WEEK_GROUPS_SHOWN = 24;

const COUNTED = ORDER_STATUSES.filter(countsTowardRevenue);

export interface WeekGroup {
  id: string;
  deal: { slug: string; title: string; unit: string; image: string | null; basePrice: number; unitPrice: number };
  currentQty: number;
  targetQty: number;
  /** whole percent of the group's quantity goal, capped at 100 */
  qtyPercent: number;
  /** distinct buyers with an order that counts (not cancelled or refunded) */
  membersJoined: number;
}

/**
 * This week of a community: its progress toward the next tier, the open week, the neighbours
 * who ordered, and its open groups (busiest first, at most WEEK_GROUPS_SHOWN). Null for an
 * unknown community. A handful of indexed queries, whatever the number of groups.
 */
export function communityWeek(db: Db, communityId: string, now = new Date()) {
  const pricing = communityPricing(db, communityId, now);
  if (!pricing) return null;
  const { community, cycle } = pricing;
  const base = {
    community: { id: community.id, name: community.name, description: community.description, pickupPoints: activePickupPoints(db, community.id).map(shownPickupPoint) },
    progress: progressView(pricing),
    cycle: cycle ? { orderDeadline: cycle.orderDeadline.toISOString(), pickupDate: cycle.pickupDate.toISOString(), isOrderingOpen: pricing.isOrderingOpen } : null,
  };
  if (!cycle) return { ...base, membersJoined: 0, groups: [] as WeekGroup[], totalGroups: 0 };

  const counted = and(eq(orders.weeklyCycleId, cycle.id), inArray(orders.status, COUNTED));
  const membersJoined = db.get<{ n: number }>(sql`select count(distinct ${orders.userId}) as n from ${orders} where ${counted}`).n;
  const buyersByGroup = new Map(
    db
      .select({ groupId: orders.groupId, n: sql<number>`count(distinct ${orders.userId})` })
      .from(orders)
      .where(counted)
      .groupBy(orders.groupId)
      .all()
      .map((row) => [row.groupId, row.n]),
  );
  const rows = db
    .select({ id: groups.id, dealId: groups.dealId, currentQty: groups.currentQty, targetQty: groups.targetQty, title: deals.title })
    .from(groups)
    .innerJoin(deals, eq(deals.id, groups.dealId))
    .where(and(eq(groups.weeklyCycleId, cycle.id), eq(groups.status, "OPEN"), eq(deals.status, "ACTIVE")))
    .orderBy(asc(deals.title))
    .all();
  const percentOf = (row: { currentQty: number; targetQty: number }) => (row.targetQty > 0 ? Math.min(100, Math.floor((row.currentQty / row.targetQty) * 100)) : 0);
  const shown = rows
    .map((row) => ({ ...row, membersJoined: buyersByGroup.get(row.id) ?? 0, qtyPercent: percentOf(row) }))
    .sort((a, b) => b.membersJoined - a.membersJoined || b.qtyPercent - a.qtyPercent)
    .slice(0, WEEK_GROUPS_SHOWN);
  // Priced as the community's members see them (its discount, quantity 1).
  const priced = findDealsByIds(db, shown.map((row) => row.dealId!), { userId: null, communityId });
  const weekGroups: WeekGroup[] = shown.flatMap((row) => {
    const deal = priced.get(row.dealId!);
    if (!deal) return [];
    return [{
      id: row.id,
      deal: { slug: deal.slug, title: deal.title, unit: deal.unit, image: deal.images[0] ?? null, basePrice: deal.basePrice, unitPrice: deal.unitPrice },
      currentQty: row.currentQty,
      targetQty: row.targetQty,
      qtyPercent: row.qtyPercent,
      membersJoined: row.membersJoined,
    }];
  });
  return { ...base, membersJoined, groups: weekGroups, totalGroups: rows.length };
}

export type CommunityWeek = NonNullable<ReturnType<typeof communityWeek>>;
