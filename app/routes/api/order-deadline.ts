import { dbContext, userContext } from "~/context";
import { getTranslator } from "~/web/language.server";
import { communityPricing } from "~/services/community-pricing.server";
import { apiError } from "~/web/http.server";
import type { Route } from "./+types/order-deadline";

/** GET /api/order-deadline[?communityId=]: the deadline of the caller's community's week. */
export function loader({ url, context }: Route.LoaderArgs) {
  const i18n = getTranslator(context);
  const communityId = url.searchParams.get("communityId") ?? context.get(userContext)?.communityId;
  const pricing = communityId ? communityPricing(context.get(dbContext), communityId) : null;
  if (!pricing?.cycle) return apiError(404, i18n.t("shop.errors.noActiveCycle"));
  return Response.json(
    { orderDeadline: pricing.cycle.orderDeadline.toISOString(), pickupDate: pricing.cycle.pickupDate.toISOString(), isOrderingOpen: pricing.isOrderingOpen },
    { headers: { "Cache-Control": "no-store" } },
  );
}
