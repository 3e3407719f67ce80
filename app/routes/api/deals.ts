import { viewerOf } from "~/auth/api.server";
import { dbContext } from "~/context";
import { parseDealQuery } from "~/domain/deal-query";
import { dealJson, listDeals } from "~/services/deals.server";
import type { Route } from "./+types/deals";

const MAX_LIMIT = 100;

/** GET /api/deals?limit=100&q=&category=&sort=: active deals priced for the caller. */
export function loader({ url, context }: Route.LoaderArgs) {
  const params = url.searchParams;
  const limit = Math.min(Math.max(Number.parseInt(params.get("limit") ?? "", 10) || MAX_LIMIT, 1), MAX_LIMIT);
  const { deals, total } = listDeals(context.get(dbContext), parseDealQuery(params), viewerOf(context), { limit });
  return Response.json(deals.map(dealJson), { headers: { "X-Total-Count": String(total) } });
}
