// The admin lists' URL state (issue #17): a search text and a page number in the query string,
// read the same way by every list page and its /api twin, so search and paging are plain GET
// links and forms that work without JavaScript. Services take the limit and offset this gives.
// Pure.

/** Rows per page on the admin lists. */
export const LIST_PAGE_SIZE = 20;
/** A search longer than this is cut (nobody types a 100-letter name). */
export const LIST_SEARCH_MAX = 100;
/** Far past any real list; a bigger number is a typo or a probe and reads as page 1. */
export const LIST_PAGE_MAX = 10_000;

export interface ListQuery {
  /** what was searched for, trimmed; empty for everything */
  q: string;
  /** 1-based */
  page: number;
}

/** `?q=&page=`: a missing, empty or odd value is the default (no search, page 1), never an error. */
export function parseListQuery(params: URLSearchParams): ListQuery {
  const q = (params.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, LIST_SEARCH_MAX).trim();
  const raw = params.get("page") ?? "";
  const page = /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return { q, page: page >= 1 && page <= LIST_PAGE_MAX ? page : 1 };
}

/** One page of a list: what the service is asked for. */
export interface ListWindow {
  q: string;
  limit: number;
  offset: number;
}

export function listWindow(query: ListQuery, pageSize = LIST_PAGE_SIZE): ListWindow {
  return { q: query.q, limit: pageSize, offset: (query.page - 1) * pageSize };
}

export interface ListPage {
  page: number;
  pageCount: number;
  total: number;
  /** 1-based positions of the first and last row shown (0 and 0 when there are none) */
  from: number;
  to: number;
}

/** Where a page stands in the list. A page past the end reports the real page count. */
export function listPage(query: ListQuery, total: number, shown: number, pageSize = LIST_PAGE_SIZE): ListPage {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const from = shown === 0 ? 0 : (query.page - 1) * pageSize + 1;
  return { page: query.page, pageCount, total, from, to: shown === 0 ? 0 : from + shown - 1 };
}

/**
 * A list's address with these values: empty ones and page 1 are left out, so the first page of
 * an unfiltered list is the bare path.
 */
export function listHref(path: string, values: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === undefined || value === "") continue;
    if (key === "page" && Number(value) <= 1) continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** A LIKE pattern that finds `text` anywhere, with % _ and \ taken literally (ESCAPE '\'). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
