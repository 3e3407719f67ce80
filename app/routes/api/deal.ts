import { viewerOf } from "~/auth/api.server";
import { dbContext } from "~/context";
import { getTranslate } from "~/web/language.server";
import { dealJson, findDeal } from "~/services/deals.server";
import { apiError } from "~/web/http.server";
import type { Route } from "./+types/deal";

/** GET /api/deals/{slug}: the deal, with its groups, vendor and quantity tiers. */
export function loader({ params, context }: Route.LoaderArgs) {
  const found = findDeal(context.get(dbContext), { slug: params.slug }, viewerOf(context));
  if (!found) return apiError(404, getTranslate(context)("shop.errors.dealNotFound"));
  return Response.json(dealJson(found.deal));
}
