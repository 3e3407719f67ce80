// The production server: node:http, our static files, then React Router for everything else.
// It is also the one place for security headers and graceful shutdown (docs/decisions/002).
import { createRequestListener } from "@mjackson/node-fetch-server";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { compress, isCompressible, MIN_COMPRESS_BYTES, pickEncoding, type Encoding } from "./server/compression";
import { GuestCache, guestCacheKey, isCacheableAnswer, type CachedAnswer } from "./server/guest-cache";

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
  const contentType = CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream";
  // The build writes .br and .gz beside each text file (scripts/build-server.mjs).
  const encoding = isCompressible(contentType) ? pickEncoding(req.headers["accept-encoding"]) : null;
  const encoded = encoding ? precompressed(file, encoding) : null;
  res.writeHead(200, {
    ...BASELINE_HEADERS,
    "Content-Type": contentType,
    "Content-Length": encoded ? encoded.size : stat.size,
    ...(encoded ? { "Content-Encoding": encoding!, Vary: "Accept-Encoding" } : isCompressible(contentType) ? { Vary: "Accept-Encoding" } : {}),
    // Vite fingerprints /assets: they never change. Other public files may, so an hour.
    "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
  });
  if (req.method === "HEAD") res.end();
  else fs.createReadStream(encoded ? encoded.file : file).pipe(res);
  return true;
}

const PRECOMPRESSED_SUFFIX: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

function precompressed(file: string, encoding: Encoding): { file: string; size: number } | null {
  const sibling = file + PRECOMPRESSED_SUFFIX[encoding];
  try {
    return { file: sibling, size: fs.statSync(sibling).size };
  } catch {
    return null;
  }
}

// @react-router/node's createRequestListener, opened up so the baseline headers can be added to
// the Response itself: res.setHeader() beforehand would make Node collapse repeated
// Set-Cookie headers into the last one.
const handleRequest = createRequestHandler(build, "production");
// Behind a reverse proxy, TRUST_PROXY=1 takes the client address from X-Forwarded-For.
const trustProxy = process.env.TRUST_PROXY === "1";

/** One request through React Router, with this response's CSP nonce and the baseline headers. */
async function respond(request: Request, clientAddress: string | undefined): Promise<Response> {
  const forwarded = trustProxy ? request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() : undefined;
  const loadContext = app.createLoadContext(randomBytes(16).toString("base64"), { clientAddress: forwarded || clientAddress });
  const answer = await handleRequest(request, loadContext);
  // A Response can arrive with immutable headers (one passed through from fetch): copy it then.
  const response = Object.isFrozen(answer.headers) ? new Response(answer.body, answer) : answer;
  for (const [name, value] of Object.entries(BASELINE_HEADERS)) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  return response;
}

/** A whole answer as bytes, its headers kept in order (each Set-Cookie on its own). */
async function toAnswer(response: Response): Promise<CachedAnswer> {
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers.push([name, value]);
  });
  for (const cookie of response.headers.getSetCookie()) headers.push(["set-cookie", cookie]);
  return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()), encoded: {} };
}

/** Writes an answer, compressed when the client takes it and it is worth it. */
function sendAnswer(req: http.IncomingMessage, res: http.ServerResponse, answer: CachedAnswer) {
  const contentType = answer.headers.find(([name]) => name === "content-type")?.[1];
  const compressible = isCompressible(contentType) && answer.body.byteLength >= MIN_COMPRESS_BYTES;
  const encoding = compressible ? pickEncoding(req.headers["accept-encoding"]) : null;
  const body = encoding ? (answer.encoded[encoding] ??= compress(answer.body, encoding, "fast")) : answer.body;
  const cookies: string[] = [];
  for (const [name, value] of answer.headers) {
    if (name === "set-cookie") cookies.push(value);
    else if (name !== "content-length" && name !== "content-encoding") res.setHeader(name, value);
  }
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  if (compressible) res.setHeader("Vary", "Accept-Encoding");
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.byteLength);
  res.writeHead(answer.status);
  res.end(req.method === "HEAD" ? undefined : body);
}

// Everyone but plain guests: React Router, then compression of the whole answer.
const handleWithReactRouter = createRequestListener(async (request, client) => {
  const response = await respond(request, client.address);
  const contentType = response.headers.get("Content-Type");
  const encoding = isCompressible(contentType) && response.body && !response.headers.has("Content-Encoding") ? pickEncoding(request.headers.get("Accept-Encoding")) : null;
  if (!encoding) return response;
  const body = Buffer.from(await response.arrayBuffer());
  if (body.byteLength < MIN_COMPRESS_BYTES) return new Response(new Uint8Array(body), response);
  const headers = new Headers(response.headers);
  headers.set("Content-Encoding", encoding);
  headers.set("Vary", "Accept-Encoding");
  headers.delete("Content-Length");
  return new Response(new Uint8Array(compress(body, encoding, "fast")), { status: response.status, statusText: response.statusText, headers });
});

// Plain guests: see server/guest-cache.ts. GUEST_CACHE_TTL_MS=0 turns the cache off.
const guestCacheTtl = Number(process.env.GUEST_CACHE_TTL_MS ?? 5000);
const guestCache = new GuestCache(guestCacheTtl, 500);
/** Renders in flight, so a crowd asking for one page at once waits for one render. */
const rendering = new Map<string, Promise<CachedAnswer>>();

function guestRequest(req: http.IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return new Request(`http://${req.headers.host ?? "localhost"}${req.url}`, { headers });
}

function renderForGuests(key: string, req: http.IncomingMessage): Promise<CachedAnswer> {
  let pending = rendering.get(key);
  if (!pending) {
    const generation = guestCache.currentGeneration();
    pending = respond(guestRequest(req), req.socket.remoteAddress)
      .then(toAnswer)
      .then((answer) => {
        const headers = new Headers(answer.headers);
        if (isCacheableAnswer(answer.status, headers) && isCompressible(headers.get("Content-Type"))) guestCache.store(key, answer, generation, Date.now());
        return answer;
      })
      .finally(() => rendering.delete(key));
    rendering.set(key, pending);
  }
  return pending;
}

async function serveGuest(key: string, req: http.IncomingMessage, res: http.ServerResponse) {
  try {
    const hit = guestCache.lookup(key, Date.now());
    if (hit) {
      sendAnswer(req, res, hit.answer);
      // Past its TTL: this guest got the last copy; one render makes the next.
      if (hit.stale) renderForGuests(key, req).catch((error) => console.error("guest page refresh failed", error));
      return;
    }
    sendAnswer(req, res, await renderForGuests(key, req));
  } catch (error) {
    console.error(error);
    if (!res.headersSent) res.writeHead(500, BASELINE_HEADERS);
    res.end();
  }
}

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const server = http.createServer((req, res) => {
  if (WRITE_METHODS.has(req.method ?? "")) {
    // Before and after: a guest render that overlaps the write is never kept.
    guestCache.invalidate();
    res.on("close", () => guestCache.invalidate());
  }
  if (serveStatic(req, res)) return;
  const key = guestCacheTtl > 0 ? guestCacheKey(req.method, req.url, req.headers.cookie, req.headers.authorization) : null;
  if (key) void serveGuest(key, req, res);
  else handleWithReactRouter(req, res);
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
