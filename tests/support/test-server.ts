// The production build, served over real HTTP on a free loopback port, with each test's own
// database handed in through the load context. Needs `npm run build` first (npm test does it).
// Requests go through React Router's request handler and the production server's node:http
// adapter, without the worker's limits, headers and queues.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RouterContextProvider, ServerBuild } from "react-router";
import { afterAll, beforeAll } from "vitest";
import type { Db } from "~/db/client.server";
import { headersOf, streamBody, writeResponse } from "../../server/node-adapter";

interface AppEntry {
  createLoadContext(nonce: string, options: { db?: Db; clientAddress?: string }): RouterContextProvider;
}

const BUILD_ENTRY = path.resolve(process.env.BUILD_DIR ?? "build", "server", "index.js");

export interface TestServer {
  url(pathname: string): string;
  fetch(pathname: string, init?: RequestInit): Promise<Response>;
}

/**
 * Starts the built app for this test file; `db()` names the database each request uses. Its
 * answers carry no CSP nonce unless `nonces` asks for one per request, as the server gives.
 */
export function useTestServer(db: () => Db, { nonces = false }: { nonces?: boolean } = {}): TestServer {
  let server: http.Server | undefined;
  let origin = "";
  beforeAll(async () => {
    if (!fs.existsSync(BUILD_ENTRY)) throw new Error("No production build: run `npm run build` first.");
    const build = (await import(pathToFileURL(BUILD_ENTRY).href)) as ServerBuild;
    const app = build.entry.module as unknown as AppEntry;
    // React Router as the build imports it: vitest's own resolution of "react-router" can pick
    // its CommonJS file, a second copy whose context class is not the build's.
    const reactRouter = (await import(pathToFileURL(createRequire(BUILD_ENTRY).resolve("react-router")).href)) as typeof import("react-router");
    const handle = reactRouter.createRequestHandler(build, "production");
    server = http.createServer(async (req, res) => {
      const url = new URL(req.url ?? "/", origin);
      const method = req.method ?? "GET";
      const body = method === "GET" || method === "HEAD" ? null : streamBody(req, Number.MAX_SAFE_INTEGER).stream;
      const request = new Request(url, { method, headers: headersOf(req), ...(body ? { body, duplex: "half" } : {}) } as RequestInit);
      const context = app.createLoadContext(nonces ? randomBytes(16).toString("base64") : "", { db: db(), clientAddress: req.headers["x-test-client"]?.toString() ?? "127.0.0.1" });
      const response = await handle(request, context).catch((error: unknown) => {
        console.error(error);
        return new Response("Unexpected Server Error", { status: 500 });
      });
      await writeResponse(req, res, response);
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });
  return {
    url: (pathname) => origin + pathname,
    fetch: (pathname, init) => fetch(origin + pathname, { redirect: "manual", ...init }),
  };
}

/** JSON request helper: body serialised, content type set, bearer token if given. */
export function jsonInit(method: string, body?: unknown, token?: string): RequestInit {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  return { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
}
