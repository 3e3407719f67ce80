// One worker of the production server (server/start.ts runs the supervisor that forks these):
// node:http, our static files, then React Router for everything else. It is also the one place
// for the checks a hostile client meets first (method, Host, body size), security headers and
// graceful shutdown (docs/decisions/002, 008).
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { compress, isCompressible, MIN_COMPRESS_BYTES, pickEncoding, type CompressionLevel } from "./server/compression";
import { GuestCache, guestCacheKey, isCacheableAnswer, type CachedAnswer } from "./server/guest-cache";
import { createAdmission, QueueFullError } from "./server/admission";
import { createNonceSource } from "./server/nonces";
import { listStaticFiles, staticFileFor } from "./server/static-files";
import { allowedHostNames, hostName, isAllowedHost, parseHostHeader } from "./server/hosts";
import { clientAddress, parseProxyTrust } from "./server/client-address";
import { ALLOWED_METHODS_HEADER, declaredLengthOverLimit, headersOf, methodRefusal, pathTooLong, streamBody, urlOf, writeResponse } from "./server/node-adapter";
import { refusal, type RefusalReason } from "./server/refusals";
import { MAX_UPLOAD_BODY_BYTES } from "./app/domain/image-upload";
import { createRefusalLog, refusalLine } from "./app/domain/refusal-log";

// This file is compiled to build/start.js, beside build/server and build/client.
const buildDir = path.dirname(fileURLToPath(import.meta.url));
const clientDir = path.join(buildDir, "client");

interface AppEntry {
  createLoadContext(nonce: string, options: { clientAddress?: string }): RouterContextProvider;
  prepareServer(options: { leader: boolean }): Promise<{ adminSetupUrl: string | null }>;
  databaseVersion(): number;
  stopServer(): void;
}
const build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild;
const app = build.entry.module as unknown as AppEntry;

// Migrate before taking traffic. Exactly one worker, the leader (the supervisor says which),
// seeds demo data when asked, makes the first-admin link and runs the weekly clock and the
// housekeeping jobs.
const leader = process.env.SHUK_LEADER === "1";
const start = await app.prepareServer({ leader });
if (start.adminSetupUrl) {
  console.log(`No admin yet. Create the first one with this one-time link (valid 7 days, until an admin exists or the next start): ${start.adminSetupUrl}`);
}

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

/** build/client's files, listed once: the build does not change under a running server. */
const staticFiles = listStaticFiles(clientDir);

/** Serves a file from build/client when the path names one; false when it does not. */
function serveStatic(req: http.IncomingMessage, res: http.ServerResponse, url: URL): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const listed = staticFileFor(staticFiles, url.pathname);
  if (!listed) return false;
  const contentType = CONTENT_TYPES[path.extname(listed.file)] ?? "application/octet-stream";
  const encoding = isCompressible(contentType) ? pickEncoding(req.headers["accept-encoding"]) : null;
  const encoded = encoding ? listed.encoded[encoding] : undefined;
  res.writeHead(200, {
    ...BASELINE_HEADERS,
    "Content-Type": contentType,
    "Content-Length": encoded ? encoded.size : listed.size,
    ...(encoded ? { "Content-Encoding": encoding!, Vary: "Accept-Encoding" } : isCompressible(contentType) ? { Vary: "Accept-Encoding" } : {}),
    // Other public files (the favicon, the produce pictures) may change with a release: an hour.
    "Cache-Control": listed.immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
  });
  if (req.method === "HEAD") res.end();
  else fs.createReadStream(encoded ? encoded.file : listed.file).on("error", () => res.destroy()).pipe(res);
  return true;
}

// Pages and /api resource routes alike go through React Router's own handler, as its templates do.
const handleRequest = createRequestHandler(build, "production");
const METHODS_WITHOUT_BODY = new Set(["GET", "HEAD"]);
// Behind reverse proxies, TRUST_PROXY says how many (or which) to trust: the client's address is
// then read from X-Forwarded-For's right end (server/client-address.ts).
const proxyTrust = parseProxyTrust(process.env.TRUST_PROXY);

/** Ordinary request bodies are capped here, before the app reads them (BODY_LIMIT_BYTES). */
const BODY_LIMIT_BYTES = Number(process.env.BODY_LIMIT_BYTES ?? 1024 * 1024);
/** The deal editor's picture uploads (and their .data twins for JavaScript submissions). */
const UPLOAD_PATHS = [/^\/vendor\/new-deal(\.data)?$/, /^\/(vendor|admin)\/deals\/[^/]+\/edit(\.data)?$/, /^\/api\/vendor\/deals\/[^/]+\/images$/];

function bodyLimitFor(pathname: string): number {
  return UPLOAD_PATHS.some((path) => path.test(pathname)) ? MAX_UPLOAD_BODY_BYTES : BODY_LIMIT_BYTES;
}

const allowedHosts = allowedHostNames(process.env);
const appUrl = process.env.APP_URL?.trim() ? new URL(process.env.APP_URL.trim()) : null;

/**
 * The origin the app sees a request on. For APP_URL's host it is APP_URL's origin, https
 * included: behind a TLS proxy the browser's Origin says https, and React Router refuses an
 * action whose Origin differs from the request URL's.
 */
function requestOrigin(host: string): string {
  return appUrl && hostName(host) === hostName(appUrl.host) ? appUrl.origin : `http://${host}`;
}

function clientAddressOf(req: http.IncomingMessage): string | undefined {
  return clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], proxyTrust);
}

/**
 * Page and data reads (GET, HEAD) take turns (server/admission.ts): one starts per turn of the
 * event loop, in arrival order. Writes and uploads are not queued: a write is short, and an
 * upload's body arrives at the client's pace. Past RENDERS_WAITING_MAX waiting (about a minute
 * of work for one worker) a read is answered 503 at once.
 */
const RENDERS_WAITING_MAX = 2_000;
const renders = createAdmission(RENDERS_WAITING_MAX);
const BUSY_HEADERS = { "Retry-After": "5" };

const nextNonce = createNonceSource();

/** One request through React Router, with this response's CSP nonce and the baseline headers. */
async function respond(request: Request, clientAddress: string | undefined): Promise<Response> {
  const loadContext = app.createLoadContext(nextNonce(), { clientAddress });
  const answer = METHODS_WITHOUT_BODY.has(request.method)
    ? // A client that left while its turn came is not rendered for.
      await renders.run(() => (request.signal.aborted ? Promise.resolve(new Response(null, { status: 499 })) : handleRequest(request, loadContext)))
    : await handleRequest(request, loadContext);
  // A Response can arrive with immutable headers (one passed through from fetch): copy it then.
  const response = Object.isFrozen(answer.headers) ? new Response(answer.body, answer) : answer;
  for (const [name, value] of Object.entries(BASELINE_HEADERS)) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  return response;
}

/**
 * After answering a request whose body we did not read to the end: read and drop the rest for
 * a moment, then close. Closing at once would make the kernel reset the connection while the
 * client is still sending, and a reset can destroy our answer before the client reads it.
 */
function discardRestOfBody(req: http.IncomingMessage) {
  if (req.complete || req.destroyed) return;
  const timer = setTimeout(() => req.socket.destroy(), 2_000);
  req.once("end", () => clearTimeout(timer));
  req.once("close", () => clearTimeout(timer));
  req.resume();
}

/** The client's refusals, one short line each and a few a minute (app/domain/refusal-log.ts). */
const refusalLog = createRefusalLog({ write: (line) => console.warn(line), later: (run, ms) => setTimeout(run, ms).unref() });

/** Answers on the server's own behalf (refused method, host or body; an uncaught error). */
function refuse(req: http.IncomingMessage, res: http.ServerResponse, status: number, reason: RefusalReason, pathname: string, headers: Record<string, string> = {}) {
  // A 500 was logged with its error where it was caught; a 4xx is the client's, told in a line.
  if (status < 500) refusalLog.note(String(status), refusalLine(req.method ?? "?", pathname.split("?")[0], status, reason));
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const answer = refusal(status, reason, pathname, req.headers.accept);
  res.writeHead(answer.status, { ...BASELINE_HEADERS, ...answer.headers, ...headers, "Cache-Control": "no-store", "Content-Length": Buffer.byteLength(answer.body) });
  res.end(req.method === "HEAD" ? undefined : answer.body);
}

/** A whole answer as bytes, its headers kept in order (each Set-Cookie on its own). */
async function toAnswer(response: Response): Promise<CachedAnswer> {
  return answerOf(response, Buffer.from(await response.arrayBuffer()));
}

function answerOf(response: Response, body: Buffer): CachedAnswer {
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers.push([name, value]);
  });
  for (const cookie of response.headers.getSetCookie()) headers.push(["set-cookie", cookie]);
  return { status: response.status, headers, body, encoded: {} };
}

/** Requests this worker has received and not finished answering (the one at hand among them). */
let answersPending = 0;

/**
 * How hard to compress an answer made for this request alone: lightly while other requests are
 * in the worker too (waiting for their turn, rendering between awaits), so a crowd is not kept
 * waiting for bytes a phone would save a few milliseconds on (server/compression.ts).
 */
function levelForOneAnswer(): CompressionLevel {
  return answersPending > 1 ? "fastest" : "fast";
}

/**
 * Writes an answer, compressed when the client takes it and it is worth it: at `level`, or as
 * `levelForOneAnswer` says for one made for this request.
 */
function sendAnswer(req: http.IncomingMessage, res: http.ServerResponse, answer: CachedAnswer, level: CompressionLevel = levelForOneAnswer()) {
  const contentType = answer.headers.find(([name]) => name === "content-type")?.[1];
  const compressible = isCompressible(contentType) && answer.body.byteLength >= MIN_COMPRESS_BYTES;
  const encoding = compressible ? pickEncoding(req.headers["accept-encoding"]) : null;
  const body = encoding ? (answer.encoded[encoding] ??= compress(answer.body, encoding, level)) : answer.body;
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

/** The whole answer compressed when the client takes it and it is worth it. */
async function compressed(response: Response, acceptEncoding: string | undefined): Promise<Response> {
  const contentType = response.headers.get("Content-Type");
  const encoding = isCompressible(contentType) && response.body && !response.headers.has("Content-Encoding") ? pickEncoding(acceptEncoding) : null;
  if (!encoding) return response;
  const body = Buffer.from(await response.arrayBuffer());
  if (body.byteLength < MIN_COMPRESS_BYTES) return new Response(new Uint8Array(body), response);
  const headers = new Headers(response.headers);
  headers.set("Content-Encoding", encoding);
  headers.set("Vary", "Accept-Encoding");
  const encoded = compress(body, encoding, levelForOneAnswer());
  headers.set("Content-Length", String(encoded.byteLength));
  return new Response(new Uint8Array(encoded.buffer as ArrayBuffer, encoded.byteOffset, encoded.byteLength), { status: response.status, statusText: response.statusText, headers });
}

/** Everyone but plain guests: React Router with the body streamed under its cap, then compression. */
async function serveApp(req: http.IncomingMessage, res: http.ServerResponse, url: URL, bodyLimit: number) {
  const method = req.method!;
  const withoutBody = METHODS_WITHOUT_BODY.has(method);
  // A read waits its turn to render (respond), and a client that left meanwhile is not rendered
  // for: its request's signal aborts. A write runs at once and has no signal of ours: an
  // AbortController was 2-3 % of a checkout round on Node 20 (decision record 016, session 21),
  // and a client that leaves half way through its body fails the body's read instead.
  const aborted = withoutBody ? new AbortController() : null;
  // Only a client that left before the whole answer was written aborts the work: aborting after
  // every answer built a DOMException and dispatched an abort event per request for nothing.
  if (aborted) {
    res.on("close", () => {
      if (!res.writableFinished) aborted.abort();
    });
  }
  const body = withoutBody ? null : streamBody(req, bodyLimit);
  const request = new Request(url, {
    method,
    headers: headersOf(req),
    ...(aborted ? { signal: aborted.signal } : {}),
    ...(body ? { body: body.stream, duplex: "half" } : {}),
  } as RequestInit);
  let response: Response | null = null;
  try {
    response = await respond(request, clientAddressOf(req));
  } catch (error) {
    if (error instanceof QueueFullError) return refuse(req, res, 503, "busy", url.pathname, BUSY_HEADERS);
    // A body cut off at its cap makes whatever read it fail: that is the 413 below, not a bug.
    if (!body?.overLimit) console.error(`${method} ${url.pathname} failed`, error);
  }
  if (body?.overLimit) {
    await response?.body?.cancel().catch(() => undefined);
    return refuse(req, res, 413, "bodyTooLarge", url.pathname);
  }
  if (!response) return refuse(req, res, 500, "serverError", url.pathname);
  await writeResponse(req, res, await compressed(response, req.headers["accept-encoding"]));
}

// Plain guests: see server/guest-cache.ts. GUEST_CACHE_TTL_MS=0 turns the cache off.
const guestCacheTtl = Number(process.env.GUEST_CACHE_TTL_MS ?? 5000);
const guestCache = new GuestCache(guestCacheTtl, 500);
/** Renders in flight, so a crowd asking for one page at once waits for one render. */
const rendering = new Map<string, Promise<CachedAnswer>>();

function renderForGuests(key: string, req: http.IncomingMessage, url: URL): Promise<CachedAnswer> {
  let pending = rendering.get(key);
  if (!pending) {
    const generation = guestCache.currentGeneration();
    pending = respond(new Request(url, { headers: headersOf(req) }), clientAddressOf(req))
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

/** The data_version seen last: when another worker has written since, our guest pages are old. */
let seenDatabaseVersion = app.databaseVersion();

function forgetPagesOtherWorkersChanged() {
  const version = app.databaseVersion();
  if (version === seenDatabaseVersion) return;
  seenDatabaseVersion = version;
  guestCache.invalidate();
}

async function serveGuest(key: string, req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
  forgetPagesOtherWorkersChanged();
  const hit = guestCache.lookup(key, Date.now());
  if (hit) {
    // A kept page is compressed once per encoding and sent to every guest after: worth the effort.
    sendAnswer(req, res, hit.answer, "fast");
    // Past its TTL: this guest got the last copy; one render makes the next.
    if (hit.stale) renderForGuests(key, req, url).catch((error) => console.error("guest page refresh failed", error));
    return;
  }
  try {
    sendAnswer(req, res, await renderForGuests(key, req, url), "fast");
  } catch (error) {
    if (!(error instanceof QueueFullError)) throw error;
    refuse(req, res, 503, "busy", url.pathname, BUSY_HEADERS);
  }
}

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Every request: the checks a hostile client meets first, then a static file, a guest page or the app. */
async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
  const target = req.url ?? "/";
  const refusedMethod = methodRefusal(req.method);
  if (refusedMethod) {
    return refuse(req, res, refusedMethod, refusedMethod === 405 ? "methodNotAllowed" : "notImplemented", target, { Allow: ALLOWED_METHODS_HEADER });
  }
  // The Host must be a bare host[:port] as the URL parser reads it: `localhost:1@evil.com` named
  // an allowed host to the host rule and a URL with credentials to the app (a 500).
  const host = parseHostHeader(req.headers.host);
  if (!host) return refuse(req, res, 400, "badRequest", target);
  if (!isAllowedHost(host, allowedHosts)) return refuse(req, res, 421, "wrongHost", target);
  // React Router tries every parent path of a long path: a 14 kB path of 7,000 segments cost a
  // worker 2.4 s. No page of ours is anywhere near the caps, so such a path is refused unread.
  if (pathTooLong(target)) return refuse(req, res, 414, "pathTooLong", target);
  const url = urlOf(req, requestOrigin(host));
  if (!url) return refuse(req, res, 400, "badRequest", target);
  if (WRITE_METHODS.has(req.method!)) {
    // Before and after: a guest render that overlaps the write is never kept.
    guestCache.invalidate();
    res.on("close", () => guestCache.invalidate());
  }
  if (serveStatic(req, res, url)) return;
  const bodyLimit = bodyLimitFor(url.pathname);
  if (declaredLengthOverLimit(req, bodyLimit) !== null) return refuse(req, res, 413, "bodyTooLarge", url.pathname);
  const key = guestCacheTtl > 0 ? guestCacheKey(req.method, req.url, req.headers.cookie, req.headers.authorization, req.headers["accept-language"]) : null;
  if (key) await serveGuest(key, req, res, url);
  else await serveApp(req, res, url, bodyLimit);
}

const server = http.createServer((req, res) => {
  answersPending += 1;
  res.once("close", () => (answersPending -= 1));
  // Whatever answered (a refusal, a file, a page), a body still arriving is not read for long.
  res.on("finish", () => discardRestOfBody(req));
  handle(req, res).catch((error) => {
    // Logged once, answered, and the process serves on.
    console.error(`${req.method} ${req.url} failed`, error);
    refuse(req, res, 500, "serverError", req.url ?? "/");
  });
});
// A client that never finishes its headers or body is dropped (slowloris); uploads get 2 minutes.
server.headersTimeout = 20_000;
server.requestTimeout = 120_000;
// An idle kept-alive connection is closed by its client or proxy, not by us first: with Node's
// 5 s, a request sent on a connection at the moment we closed it met a reset (seen in the
// browser tests; a proxy's upstream pool, usually 60 s idle, would meet it too).
server.keepAliveTimeout = 65_000;
server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
  // Malformed HTTP (bad request line, header overflow): Node's parser refuses it before us.
  if (socket.writable && error.code !== "ECONNRESET") socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
  else socket.destroy();
});

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
server.listen(port, host, () => {
  const role = leader ? " and runs the weekly clock and housekeeping" : "";
  console.log(`worker ${process.env.SHUK_WORKER_SLOT ?? 0} (pid ${process.pid}) is ready${role}`);
});

// A bug no request handler caught: log it. A rejected promise leaves the process sound; an
// exception might not, so that worker stops after its open requests and the supervisor starts
// a fresh one.
process.on("unhandledRejection", (reason) => console.error("unhandled rejection", reason));
process.on("uncaughtException", (error) => {
  console.error("uncaught exception; this worker stops and the supervisor starts another", error);
  shutdown("uncaughtException", 1);
});

let stopping = false;
function shutdown(reason: string, code = 0) {
  if (stopping) return;
  stopping = true;
  console.log(`${reason}: finishing open requests, then stopping`);
  app.stopServer();
  server.close(() => process.exit(code));
  // Keep-alive connections would hold close() open; give requests 10 s, then go.
  server.closeIdleConnections();
  setTimeout(() => process.exit(code), 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
