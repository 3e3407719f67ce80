import { RouterContextProvider, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { apiRoutesOf, createAppHandler, matchApiRoute, type BuildRoute } from "./api-routes";

const resource = (loader?: unknown, action?: unknown) => ({ loader, action });
const ROUTES: Record<string, BuildRoute> = {
  root: { id: "root", path: "", module: {} },
  page: { id: "page", parentId: "root", path: "api/page", module: { default: () => null } },
  byView: { id: "byView", parentId: "root", path: "api/admin/:view", module: resource(() => "view") },
  audit: { id: "audit", parentId: "root", path: "api/admin/audit", module: resource(() => "audit") },
  ofUser: { id: "ofUser", parentId: "root", path: "api/orders/user/:userId", module: resource(() => "of user") },
  cancel: { id: "cancel", parentId: "root", path: "api/orders/:id/cancel", module: resource(undefined, () => "cancelled") },
  own: { id: "own", parentId: "root", path: "api/own", module: { ...resource(() => "own"), middleware: [] } },
  splat: { id: "splat", parentId: "root", path: "api/*", module: resource(() => "not found") },
};

describe("apiRoutesOf", () => {
  it("keeps resource routes under the root without middleware of their own, static segments first", () => {
    expect(apiRoutesOf(ROUTES).map((route) => route.id)).toEqual(["ofUser", "cancel", "audit", "byView"]);
  });
});

describe("matchApiRoute", () => {
  const table = apiRoutesOf(ROUTES);
  const idOf = (pathname: string) => matchApiRoute(table, pathname)?.route.id ?? null;

  it("prefers a static segment, compares case-insensitively and keeps the parameter as written", () => {
    expect(idOf("/api/admin/audit")).toBe("audit");
    expect(idOf("/api/admin/AUDIT")).toBe("audit");
    expect(matchApiRoute(table, "/api/admin/Stats")?.params).toEqual({ view: "Stats" });
  });

  it("takes the route listed first when two rank the same", () => {
    expect(idOf("/api/orders/user/cancel")).toBe("ofUser");
    expect(matchApiRoute(table, "/api/orders/o-1/cancel")?.params).toEqual({ id: "o-1" });
  });

  it("leaves React Router every path it is not sure of", () => {
    for (const pathname of ["/api/admin/a%20b", "/api/admin/", "/api//admin/x", "/api/admin/x.data", "/api/nothing/here", "/api/own", "/api/page", "/api/admin/\u05d0"]) {
      expect(idOf(pathname), pathname).toBeNull();
    }
  });
});

describe("createAppHandler", () => {
  const calls: string[] = [];
  const build = {
    routes: {
      ...ROUTES,
      root: {
        id: "root",
        path: "",
        module: {
          middleware: [
            async (_args: unknown, next: () => Promise<Response>) => {
              calls.push("outer in");
              const response = await next();
              calls.push("outer out");
              response.headers.set("X-Outer", "1");
              return response;
            },
            // Returns nothing and never calls next(): the chain goes on without it.
            () => void calls.push("inner"),
          ],
        },
      },
      audit: { id: "audit", parentId: "root", path: "api/admin/audit", module: resource(({ params }: { params: object }) => ({ params })) },
      fails: { id: "fails", parentId: "root", path: "api/fails", module: resource(() => { throw new Error("boom"); }) },
      thrown: { id: "thrown", parentId: "root", path: "api/thrown", module: resource(() => { throw new Response("teapot", { status: 418 }); }) },
    },
    entry: { module: { handleError: () => calls.push("handleError") } },
    assets: { routes: {} },
  } as unknown as ServerBuild;
  const fallback: string[] = [];
  const handle = createAppHandler(build, () => async (request) => {
    fallback.push(`${request.method} ${new URL(request.url).pathname}`);
    return new Response("from React Router");
  });
  const call = (method: string, pathname: string) => handle(new Request(`http://shuk.test${pathname}`, { method }), pathname, new RouterContextProvider());

  it("runs the root's middleware around the loader and answers with its value as JSON", async () => {
    calls.length = 0;
    const response = await call("GET", "/api/admin/audit");
    expect(await response.json()).toEqual({ params: {} });
    expect(response.headers.get("X-Outer")).toBe("1");
    expect(calls).toEqual(["outer in", "inner", "outer out"]);
  });

  it("answers HEAD without a body, a thrown Response as it is, an error with 500 after handleError", async () => {
    const head = await call("HEAD", "/api/admin/audit");
    expect([head.status, await head.text()]).toEqual([200, ""]);
    expect((await call("GET", "/api/thrown")).status).toBe(418);
    calls.length = 0;
    const failed = await call("GET", "/api/fails");
    expect([failed.status, await failed.text()]).toEqual([500, "Unexpected Server Error"]);
    expect(calls).toContain("handleError");
  });

  it("hands React Router what the table has no function for, and every other path", async () => {
    fallback.length = 0;
    for (const [method, pathname] of [["POST", "/api/admin/audit"], ["GET", "/api/orders/o-1/cancel"], ["OPTIONS", "/api/admin/audit"], ["GET", "/deals"], ["GET", "/api/own"]]) {
      expect(await (await call(method!, pathname!)).text()).toBe("from React Router");
    }
    expect(fallback).toEqual(["POST /api/admin/audit", "GET /api/orders/o-1/cancel", "OPTIONS /api/admin/audit", "GET /deals", "GET /api/own"]);
  });
});
