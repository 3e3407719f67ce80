// The production build, served over real HTTP on a free loopback port, with each test's own
// database handed in through the load context. Needs `npm run build` first (npm test does it).
import { createRequestListener } from "@react-router/node";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RouterContextProvider, ServerBuild } from "react-router";
import { afterAll, beforeAll } from "vitest";
import type { Db } from "~/db/client.server";

interface AppEntry {
  createLoadContext(nonce: string, options: { db?: Db; clientAddress?: string }): RouterContextProvider;
}

const BUILD_ENTRY = path.resolve(process.env.BUILD_DIR ?? "build", "server", "index.js");

export interface TestServer {
  url(pathname: string): string;
  fetch(pathname: string, init?: RequestInit): Promise<Response>;
}

/** Starts the built app for this test file; `db()` names the database each request uses. */
export function useTestServer(db: () => Db): TestServer {
  let server: http.Server | undefined;
  let origin = "";
  beforeAll(async () => {
    if (!fs.existsSync(BUILD_ENTRY)) throw new Error("No production build: run `npm run build` first.");
    const build = (await import(pathToFileURL(BUILD_ENTRY).href)) as ServerBuild;
    const app = build.entry.module as unknown as AppEntry;
    server = http.createServer(
      createRequestListener({ build, mode: "production", getLoadContext: (request) => app.createLoadContext("", { db: db(), clientAddress: request.headers.get("X-Test-Client") ?? "127.0.0.1" }) }),
    );
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
