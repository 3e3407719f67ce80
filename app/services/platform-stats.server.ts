import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { deals, orders, users } from "~/db/schema";

export interface PlatformStats {
  totalUsers: number;
  totalOrders: number;
  /** agorot saved against base prices, over orders that were not cancelled or refunded */
  totalSavings: number;
  activeDeals: number;
}

/** The numbers the home and about pages show: one query. */
export function platformStats(db: Db): PlatformStats {
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
