import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db, Queryable } from "~/db/client.server";
import { inlined, preparedQuery, preparedQueryByShape } from "~/db/prepared.server";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { CATEGORIES, deals, dealTiers, favorites, groups, vendors, type Category, type Deal } from "~/db/schema";
import { communityPricing, type CommunityPricing } from "./community-pricing.server";
import { matchesSearch, searchDeals, searchRank } from "./deal-search.server";
import { CARD_TIER_TILES, PAGE_SIZE, QUICK_UNDER_PRICE, type DealQuery } from "~/domain/deal-query";
import { isSoldOut } from "~/domain/stock";
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
  /** units left for new orders, null for no limit (domain/stock.ts) */
  stock: number | null;
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

// A list's filters and sort are written with placeholders for their values (the deals a search found,
// the category, the viewer's community, the limit), so each combination of filters and sort is
// one statement, prepared the first time it is asked for (a handful in practice, 128 at most).

/** Ordered quantity: the share of the group's target reached (for "high progress" sort). */
function progressExpression(communityId: string | null) {
  const communityFilter = communityId ? sql`and ${groups.communityId} = ${sql.placeholder("communityId")}` : sql``;
  return sql`(select coalesce(sum(${groups.currentQty}) * 1.0 / nullif(sum(${groups.targetQty}), 0), 0)
    from ${groups} where ${groups.dealId} = ${deals.id} and ${groups.status} = 'OPEN' ${communityFilter})`;
}

function filtersOf(query: Pick<DealQuery, "q" | "category" | "quick">, communityId: string | null): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(deals.status, "ACTIVE")];
  // Hebrew-aware: singular and plural, prefixes, final letters, the wrong keyboard layout (#47).
  if (query.q) conditions.push(matchesSearch());
  if (query.category) conditions.push(eq(deals.category, sql.placeholder("category")));
  if (query.quick === "bulk") conditions.push(sql`exists (select 1 from ${dealTiers} where ${dealTiers.dealId} = ${deals.id})`);
  if (query.quick === "under10") conditions.push(sql`${deals.basePrice} < ${QUICK_UNDER_PRICE}`);
  if (query.quick === "popular") conditions.push(sql`${progressExpression(communityId)} > 0`);
  return and(...conditions);
}

/**
 * A search in the default order lists the deals found by their title before those found by their
 * text alone, newest first within each (#47). A sort the shopper chose (price, progress) is kept
 * as she chose it: a list "cheapest first" that is not cheapest first reads as a bug.
 */
function orderOf(query: Pick<DealQuery, "q" | "sort">, communityId: string | null) {
  const bySort = sortOrderOf(query, communityId);
  return query.q && query.sort === "newest" ? [asc(searchRank()), ...bySort] : bySort;
}

function sortOrderOf(query: Pick<DealQuery, "sort">, communityId: string | null) {
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

/** A list query's shape: everything that changes its SQL (not its values). */
type ListShape = { query: DealQuery; communityId: string | null };
const listShapeKey = ({ query, communityId }: ListShape) =>
  [query.q ? "q" : "", query.category ? "category" : "", query.quick ?? "", query.sort, communityId ? "community" : ""].join("|");
const listRows = preparedQueryByShape(listShapeKey, (db, { query, communityId }) =>
  db.select().from(deals).where(filtersOf(query, communityId)).orderBy(...orderOf(query, communityId)).limit(sql.placeholder("limit")).prepare(),
);
/**
 * A card's columns of a deal. A card list reads only these: `select *` brought each row's
 * description, dates and review note, and drizzle mapped every one of them (the list of a page
 * took 132 µs against 55 µs, and was the biggest read of a signed-in /deals; decision 016).
 */
const CARD_COLUMNS = { id: deals.id, slug: deals.slug, title: deals.title, unit: deals.unit, images: deals.images, basePrice: deals.basePrice, stock: deals.stock, minQty: deals.minQty };
type CardRow = Pick<Deal, keyof typeof CARD_COLUMNS>;
const listCardRows = preparedQueryByShape(listShapeKey, (db, { query, communityId }) =>
  db.select(CARD_COLUMNS).from(deals).where(filtersOf(query, communityId)).orderBy(...orderOf(query, communityId)).limit(sql.placeholder("limit")).prepare(),
);
const listCount = preparedQueryByShape(listShapeKey, (db, { query, communityId }) => db.select({ n: count() }).from(deals).where(filtersOf(query, communityId)).prepare());

// The batched reads of every deal list, prepared once: the ids go in as one JSON array
// (`in (select value from json_each(?))`), so the statement has one shape for any number of
// deals. SQLite reads them through the same indexes as a list of placeholders, and a page of
// 24 no longer builds five queries' SQL on every request (docs/decisions/016).
const idsIn = (column: SQLiteColumn) =>
  sql`${column} in (select value from json_each(${sql.placeholder("ids")}))`;
const tiersOfDeals = preparedQuery((db) => db.select().from(dealTiers).where(idsIn(dealTiers.dealId)).orderBy(asc(dealTiers.thresholdQty)).prepare());
const GROUP_FIELDS = { id: groups.id, dealId: groups.dealId, communityId: groups.communityId, currentQty: groups.currentQty, targetQty: groups.targetQty, weeklyCycleId: groups.weeklyCycleId };
const openGroupsOfDeals = preparedQuery((db) => db.select(GROUP_FIELDS).from(groups).where(and(idsIn(groups.dealId), eq(groups.status, "OPEN"))).prepare());
const communityOpenGroupsOfDeals = preparedQuery((db) =>
  db
    .select(GROUP_FIELDS)
    .from(groups)
    .where(and(idsIn(groups.dealId), eq(groups.status, "OPEN"), eq(groups.communityId, sql.placeholder("communityId"))))
    .prepare(),
);
const favoritesAmongDeals = preparedQuery((db) =>
  db
    .select({ dealId: favorites.dealId })
    .from(favorites)
    .where(and(eq(favorites.userId, sql.placeholder("userId")), idsIn(favorites.dealId)))
    .prepare(),
);
const vendorNames = preparedQuery((db) => db.select({ id: vendors.id, name: vendors.name }).from(vendors).where(idsIn(vendors.id)).prepare());

/** What a deal is for this viewer: its price, its tiers, its group and whether it is a favorite. */
type ViewerFacts = Pick<DealView, "unitPrice" | "discountPercent" | "savingsPercent" | "isHot" | "quantityTiers" | "groups" | "isFavorite">;

/**
 * The viewer's facts of each deal row, in the rows' order, from three batched queries (tiers,
 * groups, favorites) whatever the number of deals: never one query per card.
 */
function viewerFactsOf(db: Queryable, rows: Pick<Deal, "id" | "basePrice">[], viewer: Viewer, pricing: CommunityPricing | null): ViewerFacts[] {
  if (rows.length === 0) return [];
  const ids = JSON.stringify(rows.map((r) => r.id));
  const tiers = tiersOfDeals(db).all({ ids });
  const cycleId = pricing?.cycle?.id;
  // A member sees only their own community's group (below): read only those.
  const groupRows = viewer.communityId ? communityOpenGroupsOfDeals(db).all({ ids, communityId: viewer.communityId }) : openGroupsOfDeals(db).all({ ids });
  const favoriteIds = viewer.userId ? new Set(favoritesAmongDeals(db).all({ ids, userId: viewer.userId }).map((f) => f.dealId)) : new Set<string>();
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
      unitPrice,
      discountPercent,
      savingsPercent: savingsPercent(row.basePrice, unitPrice),
      isHot: isHot(discountPercent),
      quantityTiers,
      groups: viewer.communityId ? dealGroups.filter((g) => g.communityId === viewer.communityId) : dealGroups,
      isFavorite: favoriteIds.has(row.id),
    };
  });
}

/** Deal rows as every screen shows them, priced for the viewer. */
function viewsOf(db: Queryable, rows: (Deal & { vendorName: string })[], viewer: Viewer, pricing: CommunityPricing | null): DealView[] {
  const facts = viewerFactsOf(db, rows, viewer, pricing);
  return rows.map((row, i) => ({
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
    minQty: row.minQty,
    maxQty: row.maxQty,
    stock: row.stock,
    vendorName: row.vendorName,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    startAt: row.startAt,
    endAt: row.endAt,
    ...facts[i]!,
  }));
}

/** Card rows as cards, priced for the viewer. */
function cardsOf(db: Queryable, rows: CardRow[], viewer: Viewer, pricing: CommunityPricing | null): DealCardData[] {
  const facts = viewerFactsOf(db, rows, viewer, pricing);
  return rows.map((row, i) => cardOf(row, facts[i]!));
}

/**
 * The rows with their vendor's name, by a second query on the vendors' keys. Joining vendors in
 * the list query made SQLite scan vendors first and sort every active deal (2.6 ms against
 * 0.3 ms for a page of the bench's 500 deals, decision record 016).
 */
function withVendorNames(db: Queryable, rows: Deal[]): (Deal & { vendorName: string })[] {
  if (rows.length === 0) return [];
  const ids = JSON.stringify([...new Set(rows.map((row) => row.vendorId))]);
  const names = new Map(vendorNames(db).all({ ids }).map((v) => [v.id, v.name]));
  return rows.map((row) => ({ ...row, vendorName: names.get(row.vendorId) ?? "" }));
}

function pricingFor(db: Queryable, viewer: Viewer) {
  return viewer.communityId ? communityPricing(db, viewer.communityId) : null;
}


/** The values a list statement takes: the deals a search found (JSON ids), the category, the community, the limit. */
function listValues(db: Db, query: DealQuery, viewer: Viewer, limit: number) {
  return {
    ...(query.q ? searchDeals(db, query.q) : { found: null, foundInTitle: null }),
    category: query.category ?? null,
    communityId: viewer.communityId,
    limit,
  };
}

/** One page-set of the deals list ("page N" = the first N x 24), with the total count. */
export function listDeals(db: Db, query: DealQuery, viewer: Viewer, options: { limit?: number } = {}) {
  const shape = { query, communityId: viewer.communityId };
  const values = listValues(db, query, viewer, options.limit ?? PAGE_SIZE * query.page);
  const rows = withVendorNames(db, listRows(db, shape).all(values));
  const total = listCount(db, shape).get(values)?.n ?? 0;
  const pricing = pricingFor(db, viewer);
  return { deals: viewsOf(db, rows, viewer, pricing), total, pricing };
}

/** The same list as cards (the deals page): the card's columns only, no vendor names. */
export function listDealCards(db: Db, query: DealQuery, viewer: Viewer): { cards: DealCardData[]; total: number } {
  const shape = { query, communityId: viewer.communityId };
  const values = listValues(db, query, viewer, PAGE_SIZE * query.page);
  const rows = listCardRows(db, shape).all(values);
  return { cards: cardsOf(db, rows, viewer, pricingFor(db, viewer)), total: listCount(db, shape).get(values)?.n ?? 0 };
}

/** Up to `perCategory` newest active deals of each category named (home's hot deals). */
export function dealsByCategory(db: Db, categories: Category[], perCategory: number, viewer: Viewer) {
  const rowsByCategory = categories.map((category) =>
    db
      .select(CARD_COLUMNS)
      .from(deals)
      .where(and(eq(deals.status, "ACTIVE"), eq(deals.category, category)))
      .orderBy(desc(deals.createdAt))
      .limit(inlined(perCategory))
      .all(),
  );
  // Cards only, in one batch of the viewer's reads: the home page sends these inside its HTML.
  const cards = cardsOf(db, rowsByCategory.flat(), viewer, pricingFor(db, viewer));
  let next = 0;
  return Object.fromEntries(categories.map((c, i) => [c, cards.slice(next, (next += rowsByCategory[i]!.length))])) as Record<Category, DealCardData[]>;
}

const dealWithVendor = (db: Queryable) => db.select({ deal: deals, vendorName: vendors.name }).from(deals).innerJoin(vendors, eq(vendors.id, deals.vendorId));
const dealWithVendorBySlug = preparedQuery((db) => dealWithVendor(db).where(eq(deals.slug, sql.placeholder("slug"))).prepare());
const dealWithVendorById = preparedQuery((db) => dealWithVendor(db).where(eq(deals.id, sql.placeholder("id"))).prepare());
const dealsWithVendorByIds = preparedQuery((db) => dealWithVendor(db).where(idsIn(deals.id)).prepare());

/** A deal by slug (any status but DRAFT is public) or id, priced for the viewer. */
export function findDeal(db: Queryable, key: { slug: string } | { id: string }, viewer: Viewer) {
  const row = "slug" in key ? dealWithVendorBySlug(db).get({ slug: key.slug }) : dealWithVendorById(db).get({ id: key.id });
  if (!row || row.deal.status === "DRAFT") return null;
  const pricing = pricingFor(db, viewer);
  return { deal: viewsOf(db, [{ ...row.deal, vendorName: row.vendorName }], viewer, pricing)[0]!, pricing };
}

/** Several deals by id (cart, favorites), priced for the viewer, in one batch of queries. */
export function findDealsByIds(db: Queryable, ids: string[], viewer: Viewer): Map<string, DealView> {
  if (ids.length === 0) return new Map();
  const rows = dealsWithVendorByIds(db)
    .all({ ids: JSON.stringify(ids) })
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
    stock: deal.stock,
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

export type DealCardData = Pick<DealView, "id" | "slug" | "title" | "unit" | "images" | "basePrice" | "unitPrice" | "savingsPercent" | "isHot" | "quantityTiers" | "isFavorite"> & {
  /** the viewer's group, for the "+": only its id */
  groups: { id: string }[];
  /** no stock left: the card says so and has no "+" */
  soldOut: boolean;
};

/** The card's fields of a deal: its first picture, the tiers it shows, and the viewer's group's id. */
export function toDealCard(deal: DealView): DealCardData {
  return cardOf(deal, deal);
}

function cardOf(deal: CardRow, facts: ViewerFacts): DealCardData {
  return {
    id: deal.id,
    slug: deal.slug,
    title: deal.title,
    unit: deal.unit,
    images: deal.images.slice(0, 1),
    basePrice: deal.basePrice,
    unitPrice: facts.unitPrice,
    savingsPercent: facts.savingsPercent,
    isHot: facts.isHot,
    quantityTiers: facts.quantityTiers.slice(0, CARD_TIER_TILES),
    groups: facts.groups.slice(0, 1).map((group) => ({ id: group.id })),
    isFavorite: facts.isFavorite,
    soldOut: isSoldOut(deal.stock, deal.minQty),
  };
}
