// The /api table of server/api-routes.ts against React Router's own matcher, on the real route
// table of the production build: every /api path the table answers must be the route React
// Router would have chosen, with the same parameters. The paths tried are every /api route's
// pattern with its parameters filled by a plain value, by each static word that other routes
// have at that place (where a wrong ranking would show) and in upper case.
import { matchRoutes, type RouteObject } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { apiRoutesOf, matchApiRoute, type BuildRoute } from "../../server/api-routes";
import { loadServerBuild } from "../support/server-build";

let routes: Record<string, BuildRoute>;
beforeAll(async () => {
  const build = await loadServerBuild();
  routes = build.routes as Record<string, BuildRoute>;
});

/** The build's routes as the tree React Router matches. */
function routeTree(all: Record<string, BuildRoute>, parentId?: string): RouteObject[] {
  return Object.values(all)
    .filter((route) => route.parentId === parentId)
    .map((route) => {
      const children = routeTree(all, route.id);
      return route.index
        ? { id: route.id, index: true, path: route.path }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: children.length ? children : undefined };
    });
}

function samplePaths(all: Record<string, BuildRoute>): string[] {
  const patterns = Object.values(all).flatMap((route) => (route.parentId === "root" && route.path?.startsWith("api/") && !route.path.includes("*") ? [route.path.split("/")] : []));
  const wordsAt = (index: number) => new Set(patterns.flatMap((parts) => (parts[index] && !parts[index]!.startsWith(":") ? [parts[index]!] : [])));
  const paths = new Set<string>();
  for (const parts of patterns) {
    const fills = parts.map((part, i) => (part.startsWith(":") ? ["x-1", ...wordsAt(i)] : [part, part.toUpperCase()]));
    const expand = (i: number, prefix: string[]): void => {
      if (i === parts.length) {
        paths.add(`/${prefix.join("/")}`);
        return;
      }
      for (const fill of fills[i]!) expand(i + 1, [...prefix, fill]);
    };
    expand(0, []);
  }
  return [...paths];
}

describe("the /api table", () => {
  it("answers with React Router's route and parameters on every path it takes", () => {
    const table = apiRoutesOf(routes);
    const tree = routeTree(routes);
    const paths = samplePaths(routes);
    expect(paths.length).toBeGreaterThan(200);
    let answered = 0;
    for (const pathname of paths) {
      const ours = matchApiRoute(table, pathname);
      if (!ours) continue;
      answered += 1;
      const theirs = matchRoutes(tree, pathname)?.at(-1);
      expect({ pathname, id: ours.route.id, params: ours.params }).toEqual({ pathname, id: theirs?.route.id, params: theirs?.params });
    }
    expect(answered).toBeGreaterThan(200);
  });

  it("takes every /api resource route of the build that has no middleware of its own", () => {
    const apiResourceRoutes = Object.values(routes).filter((route) => route.parentId === "root" && route.path?.startsWith("api/") && !route.path.includes("*") && !route.module.middleware);
    expect(apiRoutesOf(routes).map((route) => route.id).sort()).toEqual(apiResourceRoutes.map((route) => route.id).sort());
    expect(apiResourceRoutes.length).toBeGreaterThan(50);
  });
});
