import { and, asc, eq } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { communities, communityTiers, weeklyCycles, type Community } from "~/db/schema";
import { appliedTier, DEFAULT_NEXT_TARGET, discountFor, nextTier, progressPercent, type CommunityTier } from "~/domain/pricing";

export interface CommunityPricing {
  community: Community;
  cycle: typeof weeklyCycles.$inferSelect | null;
  tiers: (CommunityTier & { id: string })[];
  /** agorot: the open cycle's revenue (base prices of its non-canceled orders) */
  revenue: number;
  discountPercent: number;
  appliedTierName: string | null;
  next: { tierName: string; minRevenue: number; discountPercent: number } | null;
  /** What the banner counts toward: the next tier, or 10,000 ₪ when there is none. */
  nextTarget: number;
  progressPercent: number;
  isOrderingOpen: boolean;
}

/** What the progress widgets show (CommunityProgress), from a community's pricing. */
export function progressView(pricing: CommunityPricing) {
  return {
    communityName: pricing.community.name,
    revenue: pricing.revenue,
    discountPercent: pricing.discountPercent,
    appliedTierName: pricing.appliedTierName,
    next: pricing.next,
    progressPercent: pricing.progressPercent,
    tiers: pricing.tiers,
  };
}

export function activeCycle(db: Queryable, communityId: string) {
  return (
    db
      .select()
      .from(weeklyCycles)
      .where(and(eq(weeklyCycles.communityId, communityId), eq(weeklyCycles.isActive, true)))
      .get() ?? null
  );
}

export function communityTiersOf(db: Queryable, communityId: string) {
  return db
    .select({
      id: communityTiers.id,
      minRevenue: communityTiers.minRevenue,
      discountPercent: communityTiers.discountPercent,
      tierName: communityTiers.tierName,
    })
    .from(communityTiers)
    .where(eq(communityTiers.communityId, communityId))
    .orderBy(asc(communityTiers.minRevenue))
    .all();
}

/** Everything the screens show about a community's week: three indexed queries. */
export function communityPricing(db: Queryable, communityId: string, now = new Date()): CommunityPricing | null {
  const community = db.select().from(communities).where(eq(communities.id, communityId)).get();
  if (!community) return null;
  const cycle = activeCycle(db, communityId);
  const tiers = communityTiersOf(db, communityId);
  const revenue = cycle?.currentRevenue ?? 0;
  const next = nextTier(tiers, revenue);
  return {
    community,
    cycle,
    tiers,
    revenue,
    discountPercent: discountFor(tiers, revenue),
    appliedTierName: appliedTier(tiers, revenue)?.tierName ?? null,
    next: next ? { tierName: next.tierName, minRevenue: next.minRevenue, discountPercent: next.discountPercent } : null,
    nextTarget: next?.minRevenue ?? DEFAULT_NEXT_TARGET,
    progressPercent: progressPercent(tiers, revenue),
    isOrderingOpen: Boolean(cycle && community.isActive && cycle.orderDeadline.getTime() > now.getTime()),
  };
}
