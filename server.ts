// The production server: node:http, our static files, then React Router for everything else.
// It is also the one place for security headers and graceful shutdown (docs/decisions/002).
import { createRequestListener } from "@mjackson/node-fetch-server";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";

// This file is compiled to build/start.js, beside build/server and build/client.
const buildDir = path.dirname(fileURLToPath(import.meta.url));
const clientDir = path.join(buildDir, "client");

interface AppEntry {
  createLoadContext(nonce: string, options: { clientAddress?: string }): RouterContextProvider;
  prepareServer(): Promise<void>;
  stopServer(): void;
}
const build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild;
const app = build.entry.module as unknown as AppEntry;

// Migrate, seed an empty database and start background jobs before taking traffic.
await app.prepareServer();

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".webp": "image/webp",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
};

/**
 * Headers every answer carries. HTML pages bring their own CSP with a nonce (entry.server.tsx);
 * other answers (JSON, images, scripts) never need to run or embed anything.
 */
const BASELINE_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
};

/** Serves a file from build/client when the path names one; false when it does not. */
function serveStatic(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
  } catch {
    return false;
  }
  if (pathname === "/" || pathname.includes("\0")) return false;
  const file = path.join(clientDir, path.normalize(pathname));
  if (!file.startsWith(clientDir + path.sep)) return false;
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return false;
  }
  if (!stat.isFile()) return false;
  const immutable = pathname.startsWith("/assets/");
  res.writeHead(200, {
    ...BASELINE_HEADERS,
    "Content-Type": CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream",
    "Content-Length": stat.size,
    // Vite fingerprints /assets: they never change. Other public files may, so an hour.
    "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
  });
  if (req.method === "HEAD") res.end();
  else fs.createReadStream(file).pipe(res);
  return true;
}

// @react-router/node's createRequestListener, opened up so the baseline headers can be added to
// the Response itself: res.setHeader() beforehand would make Node collapse repeated
// Set-Cookie headers into the last one.
const handleRequest = createRequestHandler(build, "production");
// Behind a reverse proxy, TRUST_PROXY=1 takes the client address from X-Forwarded-For.
const trustProxy = process.env.TRUST_PROXY === "1";
const handleWithReactRouter = createRequestListener(async (request, client) => {
  const forwarded = trustProxy ? request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() : undefined;
  const loadContext = app.createLoadContext(randomBytes(16).toString("base64"), { clientAddress: forwarded || client.address });
  const answer = await handleRequest(request, loadContext);
  // A Response can arrive with immutable headers (one passed through from fetch): copy it then.
  const response = Object.isFrozen(answer.headers) ? new Response(answer.body, answer) : answer;
  for (const [name, value] of Object.entries(BASELINE_HEADERS)) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  return response;
});

const server = http.createServer((req, res) => {
  if (serveStatic(req, res)) return;
  handleWithReactRouter(req, res);
});

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
server.listen(port, host, () => {
  console.log(`Shuk Kehilati is serving http://localhost:${port}`);
});

function shutdown(signal: string) {
  console.log(`${signal}: finishing open requests, then stopping`);
  app.stopServer();
  server.close(() => process.exit(0));
  // Keep-alive connections would hold close() open; give requests 10 s, then go.
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
