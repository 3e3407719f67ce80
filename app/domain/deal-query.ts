// The deals list's filter, sort and page state, all of it in the URL. Pure.
import { CATEGORIES, type Category } from "~/domain/enums";

export const DEAL_SORTS = ["newest", "price_asc", "price_desc", "progress"] as const;
export type DealSort = (typeof DEAL_SORTS)[number];
/** Quick filters: with quantity discounts, under 10 ₪, already ordered this week. */
export const QUICK_FILTERS = ["bulk", "under10", "popular"] as const;

/** The "under10" quick filter: a unit price below this many agorot. */
export const QUICK_UNDER_PRICE = 1000;
export type QuickFilter = (typeof QUICK_FILTERS)[number];

export const PAGE_SIZE = 24;
/** A deal card shows at most three quantity-tier tiles (spec). */
export const CARD_TIER_TILES = 3;
const MAX_PAGE = 50;

export interface DealQuery {
  q: string;
  category: Category | null;
  sort: DealSort;
  quick: QuickFilter | null;
  /** Pages shown so far: page N lists the first N x 24 deals ("load more" without JS). */
  page: number;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** Reads the URL leniently: anything unknown falls back to the default rather than failing. */
export function parseDealQuery(params: URLSearchParams): DealQuery {
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    category: oneOf(CATEGORIES, params.get("category")),
    sort: oneOf(DEAL_SORTS, params.get("sort")) ?? "newest",
    quick: oneOf(QUICK_FILTERS, params.get("quick")),
    page: Number.isFinite(page) ? Math.min(Math.max(page, 1), MAX_PAGE) : 1,
  };
}

/** The URL of the deals list for a query, leaving defaults out so links stay short. */
export function dealQueryHref(query: Partial<DealQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.category) params.set("category", query.category);
  if (query.sort && query.sort !== "newest") params.set("sort", query.sort);
  if (query.quick) params.set("quick", query.quick);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `/deals?${search}` : "/deals";
}

export function hasActiveFilters(query: DealQuery): boolean {
  return Boolean(query.q || query.category || query.quick);
}

/** The id of a deal's card in a grid: where a card's form comes back to without JavaScript. */
export function dealCardAnchor(slug: string): string {
  return `deal-${slug}`;
}
