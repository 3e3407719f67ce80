import { withApiUser } from "~/auth/api.server";
import { toDecimalString } from "~/domain/money";
import { userStats } from "~/services/profile.server";
import type { Route } from "./+types/user-stats";

/** GET /api/users/stats: totalOrders, totalSavings (decimal string), joinedGroups. */
export function loader({ request, context }: Route.LoaderArgs) {
  return withApiUser(context, request, ({ db, user }) => {
    const stats = userStats(db, user.id);
    return Response.json(
      { ...stats, totalSavings: toDecimalString(stats.totalSavings) },
      { headers: { "Cache-Control": "no-store" } },
    );
  });
}
