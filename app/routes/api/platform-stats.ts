import { dbContext } from "~/context";
import { toDecimalString } from "~/domain/money";
import { platformStats } from "~/services/platform-stats.server";
import type { Route } from "./+types/platform-stats";

/** GET /api/platform-stats: totalUsers, totalOrders, totalSavings, activeDeals. */
export function loader({ context }: Route.LoaderArgs) {
  const stats = platformStats(context.get(dbContext));
  return Response.json({ ...stats, totalSavings: toDecimalString(stats.totalSavings) });
}
