import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { communities, communityTiers, deals, orders, users } from "~/db/schema";

export interface PlatformStats {
  totalUsers: number;
  totalOrders: number;
  /** agorot saved against base prices, over orders that were not cancelled or refunded */
  totalSavings: number;
  activeDeals: number;
}

/**
 * How long a worker keeps the figures. They count every order ever placed: two scans of the
 * orders table, about 18 ms a home page on the bench's 52,000 orders, when a signed-in /deals
 * costs 4 (decision record 016, session 13). A neighbour reading "₪41,250 saved" does not
 * need the last minute's orders in it.
 */
export const PLATFORM_STATS_TTL_MS = 60_000;

const kept = new WeakMap<Db, { stats: PlatformStats; at: number }>();

/** The numbers the home and about pages (and GET /api/platform-stats) show, at most a minute old. */
export function platformStats(db: Db, now = Date.now()): PlatformStats {
  const last = kept.get(db);
  if (last && now - last.at < PLATFORM_STATS_TTL_MS && now >= last.at) return last.stats;
  const stats = countPlatform(db);
  kept.set(db, { stats, at: now });
  return stats;
}

/** The figures counted now: one query. */
function countPlatform(db: Db): PlatformStats {
  const row = db.get<PlatformStats>(sql`
    select
      (select count(*) from ${users}) as totalUsers,
      (select count(*) from ${orders} where ${orders.status} not in ('CANCELED', 'REFUNDED')) as totalOrders,
      (select coalesce(sum(${orders.originalTotal} - (${orders.total} - ${orders.deliveryFee})), 0)
         from ${orders} where ${orders.status} not in ('CANCELED', 'REFUNDED')) as totalSavings,
      (select count(*) from ${deals} where ${deals.status} = 'ACTIVE') as activeDeals
  `);
  return { ...row, totalSavings: Math.max(0, row.totalSavings) };
}

/**
 * The largest discount any active community's tiers give (0 with none): what "save up to N%"
 * on the home page may promise on this install, instead of a figure written into the copy.
 */
export function highestTierDiscount(db: Db): number {
  const row = db.get<{ top: number | null }>(sql`
    select max(${communityTiers.discountPercent}) as top from ${communityTiers}
    join ${communities} on ${communities.id} = ${communityTiers.communityId}
    where ${communities.isActive} = 1
  `);
  return row?.top ?? 0;
}
