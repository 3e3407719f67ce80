import { dbContext } from "~/context";
import { getTranslator } from "~/web/language.server";
import { communityPricing } from "~/services/community-pricing.server";
import { communityWeek } from "~/services/community-week.server";
import { apiError } from "~/web/http.server";
import { toDecimalString } from "~/domain/money";
import { hasMinimum } from "~/domain/week-minimum";
import type { Route } from "./+types/community";

/**
 * GET /api/communities/{id}/progress | active-cycle | ordering-status | groups: one module for
 * the views of a community's week (routes.ts names the view in the path).
 */
export function loader({ params, context }: Route.LoaderArgs) {
  const i18n = getTranslator(context);
  const pricing = communityPricing(context.get(dbContext), params.id);
  if (!pricing || !pricing.community.isActive) return apiError(404, i18n.t("shop.errors.communityNotFound"));
  switch (params.view) {
    case "progress":
      return Response.json({
        currentRevenue: toDecimalString(pricing.revenue),
        tiers: pricing.tiers.map((t) => ({ minRevenue: toDecimalString(t.minRevenue), discountPercent: t.discountPercent, tierName: t.tierName })),
        discountPercent: pricing.discountPercent,
        progressPercent: pricing.progressPercent,
      });
    case "active-cycle":
      if (!pricing.cycle) return apiError(404, i18n.t("shop.errors.noActiveCycle"));
      return Response.json({
        id: pricing.cycle.id,
        orderDeadline: pricing.cycle.orderDeadline.toISOString(),
        pickupDate: pricing.cycle.pickupDate.toISOString(),
        // "0.00" with hasMinimum false: a week without a minimum, which nothing cancels (issue #45).
        targetRevenue: toDecimalString(pricing.cycle.targetRevenue),
        hasMinimum: hasMinimum(pricing.cycle.targetRevenue),
        currentRevenue: toDecimalString(pricing.cycle.currentRevenue),
      });
    case "ordering-status":
      return Response.json({ isOrderingOpen: pricing.isOrderingOpen });
    case "groups": {
      // What /groups shows: the week's open groups, busiest first, and the way to the next tier.
      const week = communityWeek(context.get(dbContext), params.id)!;
      return Response.json({
        currentRevenue: toDecimalString(week.progress.revenue),
        discountPercent: week.progress.discountPercent,
        nextTier: week.progress.next
          ? { tierName: week.progress.next.tierName, minRevenue: toDecimalString(week.progress.next.minRevenue), discountPercent: week.progress.next.discountPercent }
          : null,
        toNextTier: week.progress.toNextTier === null ? null : toDecimalString(week.progress.toNextTier),
        orderDeadline: week.cycle?.orderDeadline ?? null,
        isOrderingOpen: week.cycle?.isOrderingOpen ?? false,
        membersJoined: week.membersJoined,
        totalGroups: week.totalGroups,
        groups: week.groups.map((g) => ({
          id: g.id,
          deal: { slug: g.deal.slug, title: g.deal.title, unit: g.deal.unit, price: toDecimalString(g.deal.unitPrice), basePrice: toDecimalString(g.deal.basePrice) },
          currentQty: g.currentQty,
          targetQty: g.targetQty,
          membersJoined: g.membersJoined,
        })),
      });
    }
    default:
      return apiError(404, i18n.t("errors.notFound"));
  }
}
