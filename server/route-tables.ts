// React Router's table cut by a path's first segment. React Router matches a path by trying every
// branch of the route table in rank order, and a page path of one or two segments ranks below
// nearly all of our ~120 branches: a signed-in /deals tried ~100 branches three times a document
// (the handler, the loaders' query, the partial manifest), and rebuilt the server routes of all
// 120 for the render. A handler made on the routes that can match a path's first segment does the
// same work on a handful. Each table keeps every route whose first segment is not a fixed word
// (the home page's index, the catch-all "*") and the ancestors of what it keeps, so the matches,
// and the routes of the parent paths that the partial manifest sends, are the ones the whole
// table gives (tests/integration/route-tables.test.ts compares them on every route).
// docs/decisions/016.
import type { ServerBuild } from "react-router";

interface TableRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
}

/** A first segment a table may be chosen by: a plain word, nothing to decode. */
const PLAIN_SEGMENT = /^[a-z0-9_~-][a-z0-9._~-]*$/;

/** The route's full path, from the root down. */
function fullPathOf(route: TableRoute, routes: Record<string, TableRoute | undefined>): string {
  const parts: string[] = [];
  for (let current: TableRoute | undefined = route; current; current = current.parentId ? routes[current.parentId] : undefined) {
    if (current.path) parts.unshift(current.path.replace(/^\/+|\/+$/g, ""));
  }
  return parts.filter(Boolean).join("/");
}

/**
 * The fixed first word of a route's full path, lower-cased (React Router matches without case by
 * default), or null when the route can match any first segment: no path of its own below the
 * root (the root, layouts, the index), a parameter, an optional segment or a splat.
 */
export function fixedFirstSegmentOf(route: TableRoute, routes: Record<string, TableRoute | undefined>): string | null {
  const first = fullPathOf(route, routes).split("/")[0]!.toLowerCase();
  return PLAIN_SEGMENT.test(first) ? first : null;
}

/**
 * The route ids of each first segment's table: the routes under that word, the routes every
 * table keeps, and their ancestors (a layout without a path of its own, the root).
 */
export function routeTablesOf(routes: Record<string, TableRoute | undefined>): Map<string, Set<string>> {
  const bySegment = new Map<string, string[]>();
  const everywhere: string[] = [];
  for (const route of Object.values(routes)) {
    if (!route) continue;
    // A layout is kept with its children (below), not for itself.
    const isLayout = !route.index && !route.path && Object.values(routes).some((other) => other?.parentId === route.id);
    if (isLayout) continue;
    const segment = fixedFirstSegmentOf(route, routes);
    if (segment === null) everywhere.push(route.id);
    else bySegment.set(segment, [...(bySegment.get(segment) ?? []), route.id]);
  }
  const tables = new Map<string, Set<string>>();
  for (const [segment, ids] of bySegment) {
    const table = new Set<string>();
    for (const id of [...ids, ...everywhere]) {
      for (let current = routes[id]; current && !table.has(current.id); current = current.parentId ? routes[current.parentId] : undefined) table.add(current.id);
    }
    tables.set(segment, table);
  }
  return tables;
}

/**
 * The first segment a request is matched by, or null when the whole table must decide: a path
 * with something to decode, an empty first segment ("//x"), or a single-fetch data request of
 * the root ("/_root.data"). "/deals.data" is "/deals"'s data request.
 */
export function firstSegmentOf(pathname: string): string | null {
  const end = pathname.indexOf("/", 1);
  let segment = (end === -1 ? pathname.slice(1) : pathname.slice(1, end)).toLowerCase();
  if (end === -1 && segment.endsWith(".data")) segment = segment.slice(0, -".data".length);
  return PLAIN_SEGMENT.test(segment) ? segment : null;
}

function pick<T>(record: Record<string, T>, ids: Set<string>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([id]) => ids.has(id)));
}

/** The build as React Router sees it with only the routes of `ids` (server routes and manifest). */
export function buildWithRoutes(build: ServerBuild, ids: Set<string>): ServerBuild {
  return { ...build, routes: pick(build.routes, ids), assets: { ...build.assets, routes: pick(build.assets.routes, ids) } };
}
