// The vendor's dashboard (issue #7): their deals and statuses, what each community ordered of
// them in its open weekly cycle, the packing totals per pickup point, and their reviews. One
// batch of four indexed queries, whatever the number of deals. /vendor/dashboard, its CSV and
// GET /api/vendor/dashboard all read through vendorDashboard().
import { and, asc, count, desc, eq, notInArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { inlined, isTrue } from "~/db/prepared.server";
import { communities, deals, orders, pickupPoints, reviews, users, weeklyCycles, type DeliveryType } from "~/db/schema";
import { pickList, quantitiesByUnit, type PickLine, type UnitQuantity } from "~/domain/back-office";
import { toCsv } from "~/domain/csv";
import { lineEarnedSql, marketShareSql } from "./line-earnings.server";
import { readSiteSettings } from "./site-settings.server";
import { percentToBasisPoints } from "~/domain/farmer-money";
import { toDecimalString } from "~/domain/money";
import { reviewerName } from "~/domain/review-name";
import { NOT_COUNTED_STATUSES, vendorDealState, type VendorDealState } from "~/domain/vendor-schemas";

/** How many of the newest reviews the dashboard lists. */
export const DASHBOARD_REVIEWS = 20;

export interface VendorDealRow {
  id: string;
  title: string;
  slug: string;
  state: VendorDealState;
  reviewNote: string | null;
  unit: string;
  basePrice: number;
  createdAt: Date;
  /** the first picture, for "my deals" */
  image: string | null;
}

export interface DealSales {
  dealId: string;
  dealTitle: string;
  unit: string;
  qty: number;
  /** agorot: what the shoppers pay for these lines (line-earnings.server.ts), over orders that count */
  revenue: number;
  /** agorot: the market's share of them at today's setting (domain/farmer-money.ts) */
  share: number;
  orders: number;
}

export interface PackingPlace {
  /** null for home deliveries */
  pickupPointId: string | null;
  deliveryType: DeliveryType;
  address: string | null;
  lines: { dealId: string; dealTitle: string; unit: string; qty: number }[];
}

export interface CommunityWeek {
  cycleId: string;
  communityId: string;
  communityName: string;
  orderDeadline: Date;
  pickupDate: Date;
  sales: DealSales[];
  /** the week's quantities, per unit (never added across units) */
  quantities: UnitQuantity[];
  revenue: number;
  share: number;
  packing: PackingPlace[];
}

export interface VendorReview {
  id: string;
  dealTitle: string;
  rating: number;
  comment: string | null;
  createdAt: Date;
  reviewer: string | null;
}

export interface VendorDashboard {
  deals: VendorDealRow[];
  /** only the communities whose open cycle has orders of this vendor */
  weeks: CommunityWeek[];
  /** what to pick this week: each product once, over every community and place */
  pick: PickLine[];
  totals: { quantities: UnitQuantity[]; revenue: number; share: number; orders: number };
  /** the market's share now, in basis points: this week's figures are estimates until the close */
  shareBasisPoints: number;
  reviews: VendorReview[];
}

export function vendorDashboard(db: Db, vendorId: string): VendorDashboard {
  const shareBasisPoints = percentToBasisPoints(readSiteSettings(db).marketSharePercent);
  const dealRows = db
    .select({
      id: deals.id,
      title: deals.title,
      slug: deals.slug,
      status: deals.status,
      submittedAt: deals.submittedAt,
      reviewNote: deals.reviewNote,
      unit: deals.unit,
      basePrice: deals.basePrice,
      createdAt: deals.createdAt,
      image: sql<string | null>`json_extract(${deals.images}, '$[0]')`,
    })
    .from(deals)
    .where(eq(deals.vendorId, vendorId))
    .orderBy(desc(deals.createdAt))
    .all();

  // One row per open cycle x place x deal: both the sales table and the packing list come from it.
  const lines = db
    .select({
      cycleId: weeklyCycles.id,
      communityId: communities.id,
      communityName: communities.name,
      orderDeadline: weeklyCycles.orderDeadline,
      pickupDate: weeklyCycles.pickupDate,
      pickupPointId: orders.pickupPointId,
      deliveryType: orders.deliveryType,
      address: pickupPoints.address,
      dealId: deals.id,
      dealTitle: deals.title,
      unit: deals.unit,
      qty: sql<number>`sum(${orders.qty})`,
      revenue: sql<number>`sum(${lineEarnedSql})`,
      share: sql<number>`sum(${marketShareSql(shareBasisPoints)})`,
      orders: count(),
    })
    .from(deals)
    .innerJoin(orders, eq(orders.dealId, deals.id))
    .innerJoin(weeklyCycles, and(eq(weeklyCycles.id, orders.weeklyCycleId), isTrue(weeklyCycles.isActive)))
    .innerJoin(communities, eq(communities.id, weeklyCycles.communityId))
    .leftJoin(pickupPoints, eq(pickupPoints.id, orders.pickupPointId))
    .where(and(eq(deals.vendorId, vendorId), notInArray(orders.status, [...NOT_COUNTED_STATUSES])))
    .groupBy(weeklyCycles.id, orders.deliveryType, orders.pickupPointId, deals.id)
    .orderBy(asc(communities.name), asc(orders.deliveryType), asc(pickupPoints.address), asc(deals.title))
    .all();

  const reviewRows = db
    .select({
      id: reviews.id,
      dealTitle: deals.title,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
      user: { name: users.name, firstName: users.firstName, lastName: users.lastName },
    })
    .from(reviews)
    .innerJoin(deals, eq(deals.id, reviews.dealId))
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(eq(deals.vendorId, vendorId))
    .orderBy(desc(reviews.createdAt))
    .limit(inlined(DASHBOARD_REVIEWS))
    .all();

  const weeks = new Map<string, CommunityWeek>();
  for (const line of lines) {
    let week = weeks.get(line.cycleId);
    if (!week) {
      week = {
        cycleId: line.cycleId,
        communityId: line.communityId,
        communityName: line.communityName,
        orderDeadline: line.orderDeadline,
        pickupDate: line.pickupDate,
        sales: [],
        quantities: [],
        revenue: 0,
        share: 0,
        packing: [],
      };
      weeks.set(line.cycleId, week);
    }
    week.revenue += line.revenue;
    week.share += line.share;
    let sale = week.sales.find((s) => s.dealId === line.dealId);
    if (!sale) {
      sale = { dealId: line.dealId, dealTitle: line.dealTitle, unit: line.unit, qty: 0, revenue: 0, share: 0, orders: 0 };
      week.sales.push(sale);
    }
    sale.qty += line.qty;
    sale.revenue += line.revenue;
    sale.share += line.share;
    sale.orders += line.orders;
    const pickupPointId = line.deliveryType === "PICKUP" ? line.pickupPointId : null;
    let place = week.packing.find((p) => p.deliveryType === line.deliveryType && p.pickupPointId === pickupPointId);
    if (!place) {
      place = { pickupPointId, deliveryType: line.deliveryType, address: line.deliveryType === "PICKUP" ? line.address : null, lines: [] };
      week.packing.push(place);
    }
    const packed = place.lines.find((l) => l.dealId === line.dealId);
    if (packed) packed.qty += line.qty;
    else place.lines.push({ dealId: line.dealId, dealTitle: line.dealTitle, unit: line.unit, qty: line.qty });
  }
  for (const week of weeks.values()) {
    week.sales.sort((a, b) => a.dealTitle.localeCompare(b.dealTitle, "he"));
    week.quantities = quantitiesByUnit(week.sales);
  }

  const weekList = [...weeks.values()];
  return {
    deals: dealRows.map(({ status, submittedAt, ...deal }) => ({ ...deal, state: vendorDealState({ status, submittedAt }) })),
    weeks: weekList,
    pick: pickList(weekList.flatMap((week) => week.sales)),
    totals: {
      quantities: quantitiesByUnit(weekList.flatMap((week) => week.sales)),
      revenue: weekList.reduce((sum, w) => sum + w.revenue, 0),
      share: weekList.reduce((sum, w) => sum + w.share, 0),
      orders: weekList.reduce((sum, w) => sum + w.sales.reduce((n, s) => n + s.orders, 0), 0),
    },
    shareBasisPoints,
    reviews: reviewRows.map(({ user, ...review }) => ({ ...review, reviewer: reviewerName(user) })),
  };
}

/** The packing list as a spreadsheet: one row per community, place and deal. */
export function vendorPackingCsv(dashboard: VendorDashboard, t: (key: string) => string): string {
  const h = (key: string) => t(`vendor.dashboard.packing.${key}`);
  const rows = dashboard.weeks.flatMap((week) =>
    week.packing.flatMap((place) =>
      place.lines.map((line) => [
        week.communityName,
        place.deliveryType === "PICKUP" ? (place.address ?? h("pickupUnknown")) : h("homeDelivery"),
        line.dealTitle,
        line.unit,
        line.qty,
      ]),
    ),
  );
  return toCsv([h("community"), h("place"), h("product"), h("unit"), h("qty")], rows);
}

/** The dashboard as GET /api/vendor/dashboard answers it: money as decimal strings. */
export function vendorDashboardJson(dashboard: VendorDashboard) {
  return {
    deals: dashboard.deals.map((deal) => ({
      id: deal.id,
      title: deal.title,
      slug: deal.slug,
      status: deal.state === "IN_REVIEW" ? "DRAFT" : deal.state,
      inReview: deal.state === "IN_REVIEW",
      reviewNote: deal.reviewNote,
      unit: deal.unit,
      basePrice: toDecimalString(deal.basePrice),
      createdAt: deal.createdAt.toISOString(),
    })),
    weeks: dashboard.weeks.map((week) => ({
      cycleId: week.cycleId,
      communityId: week.communityId,
      communityName: week.communityName,
      orderDeadline: week.orderDeadline.toISOString(),
      pickupDate: week.pickupDate.toISOString(),
      quantities: week.quantities,
      revenue: toDecimalString(week.revenue),
      share: toDecimalString(week.share),
      farmer: toDecimalString(week.revenue - week.share),
      sales: week.sales.map((sale) => ({ ...sale, revenue: toDecimalString(sale.revenue), share: toDecimalString(sale.share), farmer: toDecimalString(sale.revenue - sale.share) })),
      packing: week.packing,
    })),
    pick: dashboard.pick,
    totals: {
      ...dashboard.totals,
      revenue: toDecimalString(dashboard.totals.revenue),
      share: toDecimalString(dashboard.totals.share),
      farmer: toDecimalString(dashboard.totals.revenue - dashboard.totals.share),
    },
    marketSharePercent: dashboard.shareBasisPoints / 100,
    reviews: dashboard.reviews.map((review) => ({ ...review, createdAt: review.createdAt.toISOString() })),
  };
}
