import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { inlined, isTrue, preparedQuery } from "~/db/prepared.server";
import { communities, communityTiers, weeklyCycles, type Community } from "~/db/schema";
import { amountToNextTier, appliedTier, DEFAULT_NEXT_TARGET, discountFor, nextTier, progressPercent, type CommunityTier } from "~/domain/pricing";

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
    /** agorot still missing to the next tier; null once every tier is reached */
    toNextTier: amountToNextTier(pricing.tiers, pricing.revenue),
    tiers: pricing.tiers,
    /** agorot; the open week's minimum, 0 when it has none (nothing can cancel it) */
    minimum: pricing.cycle?.targetRevenue ?? 0,
  };
}

/**
 * The first active community whose week is open for orders, in the order the community picker
 * lists them (by name); failing that the first with a week at all, then the first active one.
 * What a guest who has not chosen sees prices, the countdown and groups for. One query.
 */
export function defaultCommunityId(db: Queryable, now = new Date()): string | null {
  return defaultCommunityQuery(db).get({ nowMs: now.getTime() })?.id ?? null;
}

// Every guest's /deals asks it (the list is priced for this community): prepared once.
const defaultCommunityQuery = preparedQuery((db) =>
  db
    .select({ id: communities.id })
    .from(communities)
    .leftJoin(weeklyCycles, and(eq(weeklyCycles.communityId, communities.id), isTrue(weeklyCycles.isActive)))
    .where(eq(communities.isActive, true))
    .orderBy(
      desc(sql`coalesce(${weeklyCycles.orderDeadline} > ${sql.placeholder("nowMs")}, 0)`),
      desc(sql`${weeklyCycles.id} is not null`),
      asc(communities.name),
    )
    .limit(inlined(1))
    .prepare(),
);

/**
 * The community a page shows: the first of `candidates` (in the caller's order of preference:
 * a member's own, one asked for in the URL) that is an active community, else the default.
 * An unknown or closed community in the URL falls back quietly rather than failing.
 */
export function pickCommunityId(db: Queryable, candidates: readonly (string | null | undefined)[], now = new Date()): string | null {
  for (const id of candidates) {
    if (!id) continue;
    const found = db.select({ id: communities.id }).from(communities).where(and(eq(communities.id, id), eq(communities.isActive, true))).get();
    if (found) return found.id;
  }
  return defaultCommunityId(db, now);
}

// A community's week is read on nearly every page and in every checkout: prepared once.
const activeCycleQuery = preparedQuery((db) =>
  db
    .select()
    .from(weeklyCycles)
    .where(and(eq(weeklyCycles.communityId, sql.placeholder("communityId")), isTrue(weeklyCycles.isActive)))
    .prepare(),
);
const tiersQuery = preparedQuery((db) =>
  db
    .select({
      id: communityTiers.id,
      minRevenue: communityTiers.minRevenue,
      discountPercent: communityTiers.discountPercent,
      tierName: communityTiers.tierName,
    })
    .from(communityTiers)
    .where(eq(communityTiers.communityId, sql.placeholder("communityId")))
    .orderBy(asc(communityTiers.minRevenue))
    .prepare(),
);
const communityQuery = preparedQuery((db) => db.select().from(communities).where(eq(communities.id, sql.placeholder("communityId"))).prepare());

export function communityById(db: Queryable, communityId: string) {
  return communityQuery(db).get({ communityId });
}

export function activeCycle(db: Queryable, communityId: string) {
  return activeCycleQuery(db).get({ communityId }) ?? null;
}

export function communityTiersOf(db: Queryable, communityId: string) {
  return tiersQuery(db).all({ communityId });
}

/** Everything the screens show about a community's week: three indexed queries. */
export function communityPricing(db: Queryable, communityId: string, now = new Date()): CommunityPricing | null {
  const community = communityById(db, communityId);
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
