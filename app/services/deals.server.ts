import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db, Queryable } from "~/db/client.server";
import { CATEGORIES, deals, dealTiers, favorites, groups, vendors, type Category, type Deal } from "~/db/schema";
import { communityPricing, type CommunityPricing } from "./community-pricing.server";
import { PAGE_SIZE, QUICK_UNDER_PRICE, type DealQuery } from "~/domain/deal-query";
import { toDecimalString } from "~/domain/money";
import { isHot, savingsPercent, unitPriceFor, type QuantityTier } from "~/domain/pricing";

/** Who is looking: prices and groups are those of the viewer's community. */
export interface Viewer {
  userId: string | null;
  communityId: string | null;
}

export interface DealGroup {
  id: string;
  communityId: string;
  currentQty: number;
  targetQty: number;
}

/** A deal as every screen shows it, priced for the viewer. */
export interface DealView {
  id: string;
  vendorId: string;
  slug: string;
  title: string;
  description: string;
  category: Category;
  unit: string;
  images: string[];
  status: Deal["status"];
  basePrice: number;
  /** one unit at quantity 1, after the viewer's community discount */
  unitPrice: number;
  discountPercent: number;
  savingsPercent: number;
  isHot: boolean;
  minQty: number;
  maxQty: number;
  quantityTiers: QuantityTier[];
  vendorName: string;
  /** the viewer's community's open group first: its id goes into the cart */
  groups: DealGroup[];
  isFavorite: boolean;
  createdAt: Date;
  updatedAt: Date;
  startAt: Date | null;
  endAt: Date | null;
}

export interface CategorySummary {
  category: Category;
  dealCount: number;
  /** An image of one of the category's deals, for the tile. */
  image: string | null;
}

/** The five categories in the spec's order, each with its number of active deals. One query. */
export function categorySummaries(db: Db): CategorySummary[] {
  const rows = db
    .select({
      category: deals.category,
      dealCount: count(),
      image: sql<string | null>`json_extract(min(${deals.images}), '$[0]')`,
    })
    .from(deals)
    .where(eq(deals.status, "ACTIVE"))
    .groupBy(deals.category)
    .all();
  return CATEGORIES.map((category) => {
    const row = rows.find((r) => r.category === category);
    return { category, dealCount: row?.dealCount ?? 0, image: row?.image ?? null };
  });
}

/** Ordered quantity: the share of the group's target reached (for "high progress" sort). */
function progressExpression(communityId: string | null) {
  const communityFilter = communityId ? sql`and ${groups.communityId} = ${communityId}` : sql``;
  return sql`(select coalesce(sum(${groups.currentQty}) * 1.0 / nullif(sum(${groups.targetQty}), 0), 0)
    from ${groups} where ${groups.dealId} = ${deals.id} and ${groups.status} = 'OPEN' ${communityFilter})`;
}

function filtersOf(query: Pick<DealQuery, "q" | "category" | "quick">, communityId: string | null): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(deals.status, "ACTIVE")];
  if (query.q) {
    const pattern = `%${query.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(sql`${deals.title} like ${pattern} escape '\\'`, sql`${deals.description} like ${pattern} escape '\\'`));
  }
  if (query.category) conditions.push(eq(deals.category, query.category));
  if (query.quick === "bulk") conditions.push(sql`exists (select 1 from ${dealTiers} where ${dealTiers.dealId} = ${deals.id})`);
  if (query.quick === "under10") conditions.push(sql`${deals.basePrice} < ${QUICK_UNDER_PRICE}`);
  if (query.quick === "popular") conditions.push(sql`${progressExpression(communityId)} > 0`);
  return and(...conditions);
}

function orderOf(query: Pick<DealQuery, "sort">, communityId: string | null) {
  switch (query.sort) {
    case "price_asc":
      return [asc(deals.basePrice), desc(deals.createdAt)];
    case "price_desc":
      return [desc(deals.basePrice), desc(deals.createdAt)];
    case "progress":
      return [desc(progressExpression(communityId)), desc(deals.createdAt)];
    default:
      return [desc(deals.createdAt), asc(deals.id)];
  }
}

/**
 * Decorates deal rows for the viewer with three batched queries (tiers, groups, favorites),
 * whatever the number of deals: never one query per card.
 */
function viewsOf(db: Queryable, rows: (Deal & { vendorName: string })[], viewer: Viewer, pricing: CommunityPricing | null): DealView[] {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const tiers = db.select().from(dealTiers).where(inArray(dealTiers.dealId, ids)).orderBy(asc(dealTiers.thresholdQty)).all();
  const cycleId = pricing?.cycle?.id;
  const groupRows = db
    .select({ id: groups.id, dealId: groups.dealId, communityId: groups.communityId, currentQty: groups.currentQty, targetQty: groups.targetQty, weeklyCycleId: groups.weeklyCycleId })
    .from(groups)
    // A member sees only their own community's group (below): read only those.
    .where(and(inArray(groups.dealId, ids), eq(groups.status, "OPEN"), viewer.communityId ? eq(groups.communityId, viewer.communityId) : undefined))
    .all();
  const favoriteIds = viewer.userId
    ? new Set(
        db.select({ dealId: favorites.dealId }).from(favorites).where(and(eq(favorites.userId, viewer.userId), inArray(favorites.dealId, ids))).all().map((f) => f.dealId),
      )
    : new Set<string>();
  const discountPercent = pricing?.discountPercent ?? 0;

  return rows.map((row) => {
    const quantityTiers = tiers.filter((t) => t.dealId === row.id).map((t) => ({ thresholdQty: t.thresholdQty, unitPrice: t.unitPrice }));
    const unitPrice = unitPriceFor({ basePrice: row.basePrice, quantityTiers, qty: 1, discountPercent });
    const dealGroups = groupRows
      .filter((g) => g.dealId === row.id)
      // The viewer's community's group of the open cycle comes first.
      .sort((a, b) => Number(b.weeklyCycleId === cycleId) - Number(a.weeklyCycleId === cycleId))
      .map(({ id, communityId, currentQty, targetQty }) => ({ id, communityId, currentQty, targetQty }));
    return {
      id: row.id,
      vendorId: row.vendorId,
      slug: row.slug,
      title: row.title,
      description: row.description,
      category: row.category,
      unit: row.unit,
      images: row.images,
      status: row.status,
      basePrice: row.basePrice,
      unitPrice,
      discountPercent,
      savingsPercent: savingsPercent(row.basePrice, unitPrice),
      isHot: isHot(discountPercent),
      minQty: row.minQty,
      maxQty: row.maxQty,
      quantityTiers,
      vendorName: row.vendorName,
      groups: viewer.communityId ? dealGroups.filter((g) => g.communityId === viewer.communityId) : dealGroups,
      isFavorite: favoriteIds.has(row.id),
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      startAt: row.startAt,
      endAt: row.endAt,
    };
  });
}

/**
 * The rows with their vendor's name, by a second query on the vendors' keys. Joining vendors in
 * the list query made SQLite scan vendors first and sort every active deal (2.6 ms against
 * 0.3 ms for a page of the bench's 500 deals, decision record 016).
 */
function withVendorNames(db: Queryable, rows: Deal[]): (Deal & { vendorName: string })[] {
  if (rows.length === 0) return [];
  const vendorIds = [...new Set(rows.map((row) => row.vendorId))];
  const names = new Map(db.select({ id: vendors.id, name: vendors.name }).from(vendors).where(inArray(vendors.id, vendorIds)).all().map((v) => [v.id, v.name]));
  return rows.map((row) => ({ ...row, vendorName: names.get(row.vendorId) ?? "" }));
}

function pricingFor(db: Queryable, viewer: Viewer) {
  return viewer.communityId ? communityPricing(db, viewer.communityId) : null;
}


/** One page-set of the deals list ("page N" = the first N x 24), with the total count. */
export function listDeals(db: Db, query: DealQuery, viewer: Viewer, options: { limit?: number } = {}) {
  const where = filtersOf(query, viewer.communityId);
  const limit = options.limit ?? PAGE_SIZE * query.page;
  const rows = withVendorNames(db, db.select().from(deals).where(where).orderBy(...orderOf(query, viewer.communityId)).limit(limit).all());
  const total = db.select({ n: count() }).from(deals).where(where).get()?.n ?? 0;
  const pricing = pricingFor(db, viewer);
  return { deals: viewsOf(db, rows, viewer, pricing), total, pricing };
}

/** Up to `perCategory` newest active deals of each category named (home's hot deals). */
export function dealsByCategory(db: Db, categories: Category[], perCategory: number, viewer: Viewer) {
  const pricing = pricingFor(db, viewer);
  const rows = categories.flatMap((category) =>
    withVendorNames(
      db,
      db
        .select()
        .from(deals)
        .where(and(eq(deals.status, "ACTIVE"), eq(deals.category, category)))
        .orderBy(desc(deals.createdAt))
        .limit(perCategory)
        .all(),
    ),
  );
  const views = viewsOf(db, rows, viewer, pricing);
  // Cards only: the home page sends these inside its HTML.
  return Object.fromEntries(categories.map((c) => [c, views.filter((v) => v.category === c).map(toDealCard)])) as Record<Category, DealCardData[]>;
}

/** A deal by slug (any status but DRAFT is public) or id, priced for the viewer. */
export function findDeal(db: Queryable, key: { slug: string } | { id: string }, viewer: Viewer) {
  const row = db
    .select({ deal: deals, vendorName: vendors.name })
    .from(deals)
    .innerJoin(vendors, eq(vendors.id, deals.vendorId))
    .where("slug" in key ? eq(deals.slug, key.slug) : eq(deals.id, key.id))
    .get();
  if (!row || row.deal.status === "DRAFT") return null;
  const pricing = pricingFor(db, viewer);
  const [view] = viewsOf(db, [{ ...row.deal, vendorName: row.vendorName }], viewer, pricing);
  return { deal: view, pricing };
}

/** Several deals by id (cart, favorites), priced for the viewer, in one batch of queries. */
export function findDealsByIds(db: Queryable, ids: string[], viewer: Viewer): Map<string, DealView> {
  if (ids.length === 0) return new Map();
  const rows = db
    .select({ deal: deals, vendorName: vendors.name })
    .from(deals)
    .innerJoin(vendors, eq(vendors.id, deals.vendorId))
    .where(inArray(deals.id, ids))
    .all()
    .map((r) => ({ ...r.deal, vendorName: r.vendorName }));
  return new Map(viewsOf(db, rows, viewer, pricingFor(db, viewer)).map((view) => [view.id, view]));
}

/** The deal as the API answers it: the spec's fields, money as decimal strings. */
export function dealJson(deal: DealView) {
  return {
    id: deal.id,
    vendorId: deal.vendorId,
    title: deal.title,
    slug: deal.slug,
    description: deal.description,
    images: deal.images,
    category: deal.category,
    basePrice: toDecimalString(deal.basePrice),
    price: toDecimalString(deal.unitPrice),
    discountPercent: deal.discountPercent,
    currency: "ILS",
    unit: deal.unit,
    minQty: deal.minQty,
    maxQty: deal.maxQty,
    status: deal.status,
    startAt: deal.startAt?.toISOString() ?? null,
    endAt: deal.endAt?.toISOString() ?? null,
    createdAt: deal.createdAt.toISOString(),
    updatedAt: deal.updatedAt.toISOString(),
    groups: deal.groups.map((g) => ({ id: g.id, currentQty: g.currentQty, targetQty: g.targetQty })),
    vendor: { name: deal.vendorName },
    tiers: deal.quantityTiers.map((t) => ({ thresholdQty: t.thresholdQty, unitPrice: toDecimalString(t.unitPrice) })),
    isFavorite: deal.isFavorite,
  };
}

// What a deal card needs, and nothing more (issue #6): list pages send their loader data inside
// the HTML, and a guest's deal carried every community's open group and its description.

export type DealCardData = Pick<
  DealView,
  "id" | "slug" | "title" | "unit" | "images" | "basePrice" | "unitPrice" | "savingsPercent" | "isHot" | "quantityTiers" | "maxQty" | "groups" | "isFavorite"
>;

/** The card's fields of a deal: its first picture, and the viewer's group (the first one). */
export function toDealCard(deal: DealView): DealCardData {
  return {
    id: deal.id,
    slug: deal.slug,
    title: deal.title,
    unit: deal.unit,
    images: deal.images.slice(0, 1),
    basePrice: deal.basePrice,
    unitPrice: deal.unitPrice,
    savingsPercent: deal.savingsPercent,
    isHot: deal.isHot,
    quantityTiers: deal.quantityTiers,
    maxQty: deal.maxQty,
    groups: deal.groups.slice(0, 1),
    isFavorite: deal.isFavorite,
  };
}
