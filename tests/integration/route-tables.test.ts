// The first-segment tables of server/route-tables.ts against the whole route table of the
// production build, with React Router's own matcher: for every route's path (its parameters
// filled, in upper case, with a trailing slash, a segment too many, as a data request), the
// table the path picks must give the same matches and parameters as the whole table, and so
// must every parent path of it, which React Router matches for the partial manifest a document
// sends.
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { buildWithRoutes, firstSegmentOf, routeTablesOf } from "../../server/route-tables";
import { loadServerBuild, routeFullPath } from "../support/server-build";

interface Route {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

let build: ServerBuild;
beforeAll(async () => {
  build = await loadServerBuild();
});

function routeTree(all: Record<string, Route | undefined>, parentId?: string): RouteObject[] {
  return Object.values(all)
    .filter((route): route is Route => route?.parentId === parentId)
    .map((route) => {
      const children = routeTree(all, route.id);
      return route.index
        ? { id: route.id, index: true, path: route.path }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: children.length ? children : undefined };
    });
}

/** Every route's path with its parameters filled, and the variants a client could send. */
function samplePaths(all: Record<string, Route | undefined>): string[] {
  const paths = new Set<string>(["/", "/deals.data", "/DEALS", "/no-such-page", "/deals/x/y/z", "/admin/nothing/here"]);
  for (const route of Object.values(all)) {
    if (!route) continue;
    const filled = `/${routeFullPath(all, route.id).replace(/:[\w-]+\??/g, "x-1").replace(/\*$/, "a/b")}`.replace(/\/+/g, "/");
    for (const variant of [filled, filled.toUpperCase(), `${filled}/`, `${filled}/extra`, `${filled}.data`, `${filled}/extra/more`]) paths.add(variant.replace(/\/\/+/g, "/"));
  }
  return [...paths];
}

/** The parent paths React Router's getPartialManifest matches besides the path itself. */
function parentPaths(pathname: string): string[] {
  const segments = pathname.split("/").filter(Boolean);
  const paths = ["/"];
  segments.pop();
  while (segments.length) {
    paths.push(`/${segments.join("/")}`);
    segments.pop();
  }
  return paths;
}

const matched = (tree: RouteObject[], pathname: string) => matchRoutes(tree, pathname)?.map((match) => ({ id: match.route.id, params: match.params })) ?? null;

describe("the first-segment route tables", () => {
  it("match every path, and the parent paths of its partial manifest, as the whole table does", () => {
    const all = build.routes as Record<string, Route | undefined>;
    const whole = routeTree(all);
    const tables = routeTablesOf(all);
    const trees = new Map([...tables].map(([segment, ids]) => [segment, routeTree(buildWithRoutes(build, ids).routes as Record<string, Route | undefined>)]));
    const paths = samplePaths(all);
    expect(paths.length).toBeGreaterThan(500);
    let byTable = 0;
    for (const pathname of paths) {
      const segment = firstSegmentOf(pathname);
      const tree = segment === null ? undefined : trees.get(segment);
      if (!tree) continue;
      byTable += 1;
      const asked = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) || "/" : pathname;
      for (const each of [asked, ...parentPaths(asked)]) expect({ pathname, each, matches: matched(tree, each) }).toEqual({ pathname, each, matches: matched(whole, each) });
    }
    expect(byTable).toBeGreaterThan(500);
  });

  it("keep a table small: /deals's has its own routes, the home page and the catch-all", () => {
    const all = build.routes as Record<string, Route | undefined>;
    const deals = routeTablesOf(all).get("deals")!;
    expect([...deals].sort()).toEqual(["root", "routes/deal", "routes/deals", "routes/home", "routes/not-found"].sort());
    // The manifest the handler gets is cut the same way.
    expect(Object.keys(buildWithRoutes(build, deals).assets.routes).sort()).toEqual([...deals].sort());
  });

  it("pick no table for what the whole table must decide", () => {
    for (const pathname of ["/__manifest", "/_root.data", "//deals", "/%64eals", "/", "/d%C3%A9als"]) {
      const segment = firstSegmentOf(pathname);
      expect(segment === null || !routeTablesOf(build.routes as Record<string, Route | undefined>).has(segment), pathname).toBe(true);
    }
    expect(firstSegmentOf("/Deals/abc")).toBe("deals");
    expect(firstSegmentOf("/deals.data")).toBe("deals");
  });
});
