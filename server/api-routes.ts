// The /api calls answered without React Router's request handler. A checkout round (POST
// /api/cart, POST /api/checkout) spent ~15 % of its CPU in React Router matching the path: every
// branch of ~120 routes is tried in rank order, each starting with the root (joinPaths and a
// regular expression per try), twice a request (the handler, then queryRoute). Here the /api
// resource routes are ranked once at start, a path is matched by comparing segments, and the
// root's middleware and the route's loader or action run as React Router runs them. Anything
// this table is not sure of (no match, an odd path, a route with a component or its own
// middleware, a method the module has no function for) goes to React Router as before, so the
// answer is always the one React Router would give (server/api-routes.test.ts compares the
// matches on every /api route). docs/decisions/016.
import { isRouteErrorResponse, type RouterContextProvider, type ServerBuild } from "react-router";
import { buildWithRoutes, firstSegmentOf, routeTablesOf } from "./route-tables";

/** What React Router hands a loader, action or middleware; `url` is the request's own here (an /api call has no ".data"). */
type Args = { request: Request; url: URL; params: Record<string, string>; context: RouterContextProvider };
type RouteFunction = (args: Args) => unknown;
type Middleware = (args: Args, next: () => Promise<Response>) => unknown;

/** What this file reads of a route of the server build. */
export interface BuildRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: { default?: unknown; ErrorBoundary?: unknown; loader?: unknown; action?: unknown; middleware?: unknown };
}

export interface ApiRoute {
  id: string;
  /** lower-case static segments; null where the segment is a parameter */
  segments: (string | null)[];
  paramNames: (string | null)[];
  loader?: RouteFunction;
  action?: RouteFunction;
}

const PARAM = /^:[\w-]+$/;
const STATIC = /^[A-Za-z0-9._~-]+$/;
/** Paths this table answers: ASCII segments with nothing to decode, no empty segment, no trailing slash. */
const PLAIN_API_PATH = /^\/api(?:\/[A-Za-z0-9._~!$&'()*+,;=:@-]+)+$/;
/** React Router's mutations; GET and HEAD read. OPTIONS and the rest stay with React Router. */
const ACTION_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The /api resource routes straight under the root, best first: React Router's score (a static
 * segment 10, a parameter 3, one per segment), ties in the order the route table lists them.
 */
export function apiRoutesOf(routes: Record<string, BuildRoute | undefined>): ApiRoute[] {
  const ranked: { route: ApiRoute; score: number; order: number }[] = [];
  for (const route of Object.values(routes)) {
    if (!route || route.parentId !== "root" || route.index || route.caseSensitive || !route.path?.startsWith("api/")) continue;
    const { module } = route;
    // A route with a screen renders a document; one with middleware of its own needs React Router's.
    if (module.default != null || module.ErrorBoundary != null || module.middleware != null) continue;
    const parts = route.path.split("/");
    if (!parts.every((part) => PARAM.test(part) || STATIC.test(part))) continue;
    const score = parts.reduce((sum, part) => sum + 1 + (PARAM.test(part) ? 3 : 10), 0);
    ranked.push({
      route: {
        id: route.id,
        segments: parts.map((part) => (PARAM.test(part) ? null : part.toLowerCase())),
        paramNames: parts.map((part) => (PARAM.test(part) ? part.slice(1) : null)),
        loader: typeof module.loader === "function" ? (module.loader as RouteFunction) : undefined,
        action: typeof module.action === "function" ? (module.action as RouteFunction) : undefined,
      },
      score,
      order: ranked.length,
    });
  }
  return ranked.sort((a, b) => b.score - a.score || a.order - b.order).map((entry) => entry.route);
}

/** The route and its parameters for a path, or null when React Router should decide. */
export function matchApiRoute(table: ApiRoute[], pathname: string): { route: ApiRoute; params: Record<string, string> } | null {
  if (!PLAIN_API_PATH.test(pathname) || pathname.endsWith(".data")) return null;
  const parts = pathname.slice(1).split("/");
  const lower = parts.map((part) => part.toLowerCase());
  for (const route of table) {
    if (route.segments.length !== parts.length) continue;
    if (!route.segments.every((segment, i) => segment === null || segment === lower[i])) continue;
    const params: Record<string, string> = {};
    route.paramNames.forEach((name, i) => {
      if (name) params[name] = parts[i]!;
    });
    return { route, params };
  }
  return null;
}

/**
 * Runs the middleware in order around `handler`, as React Router does: a middleware that
 * returns a Response answers; one that returns nothing gets `next()`'s answer, called for it if
 * it did not call it.
 */
async function runMiddleware(middleware: Middleware[], args: Args, handler: () => Promise<Response>): Promise<Response> {
  const step = async (index: number): Promise<Response> => {
    if (index === middleware.length) return handler();
    let nextAnswer: Promise<Response> | undefined;
    const next = () => {
      if (nextAnswer) throw new Error("next() was called more than once");
      nextAnswer = step(index + 1);
      return nextAnswer;
    };
    const returned = await middleware[index]!(args, next);
    if (returned instanceof Response) return returned;
    return nextAnswer ?? next();
  };
  return step(0);
}

/** A resource route's value as a Response, as React Router's handleResourceRequest makes it. */
function asResponse(value: unknown): Response {
  if (value instanceof Response) return value;
  if (typeof value === "string") return new Response(value);
  return Response.json(value);
}

export type AppHandler = (request: Request, pathname: string, context: RouterContextProvider) => Promise<Response>;
type RouterHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

/**
 * The app's request handler: /api calls through the table above; everything else (and every
 * /api call the table leaves) through a React Router handler made by `createRouterHandler` on
 * the routes of the path's first segment (server/route-tables.ts), or on the whole build when
 * the first segment has no table of its own (the route manifest requests among them).
 */
export function createAppHandler(build: ServerBuild, createRouterHandler: (build: ServerBuild) => RouterHandler): AppHandler {
  const table = apiRoutesOf(build.routes as Record<string, BuildRoute | undefined>);
  const rootMiddleware = ((build.routes.root?.module as BuildRoute["module"] | undefined)?.middleware ?? []) as Middleware[];
  const handleError = build.entry.module.handleError;
  const wholeTable = createRouterHandler(build);
  const bySegment = new Map([...routeTablesOf(build.routes)].map(([segment, ids]) => [segment, createRouterHandler(buildWithRoutes(build, ids))]));
  const handleRequest = (request: Request, pathname: string, context: RouterContextProvider) => {
    const segment = firstSegmentOf(pathname);
    return ((segment !== null && bySegment.get(segment)) || wholeTable)(request, context);
  };
  return async (request, pathname, context) => {
    const match = pathname.startsWith("/api/") ? matchApiRoute(table, pathname) : null;
    const reads = request.method === "GET" || request.method === "HEAD";
    const run = match ? (reads ? match.route.loader : ACTION_METHODS.has(request.method) ? match.route.action : undefined) : undefined;
    if (!match || !run) return handleRequest(request, pathname, context);
    const args: Args = { request, url: new URL(request.url), params: match.params, context };
    try {
      const response = await runMiddleware(rootMiddleware, args, async () => asResponse(await run(args)));
      return request.method === "HEAD" ? new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers }) : response;
    } catch (error) {
      if (error instanceof Response) return error;
      handleError?.(error, { request, params: match.params, context } as Parameters<NonNullable<typeof handleError>>[1]);
      if (isRouteErrorResponse(error)) return Response.json({ message: error.statusText }, { status: error.status, statusText: error.statusText });
      return new Response("Unexpected Server Error", { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
  };
}
