import { renderToString } from "react-dom/server";
import {
  RouterContextProvider,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
} from "react-router";
import { prepareAdminSetup } from "~/auth/admin-setup.server";
import { MarkupCacheProvider } from "~/components/markup-cache";
import { createMarkupStore, documentMarkup } from "~/components/markup-cache.server";
import { NonceProvider } from "~/components/nonce";
import { ROUTER_SCRIPTS_MARKER, ScriptsKeptProvider } from "~/components/router-scripts";
import { getSessionSecret, publicOrigin } from "~/config.server";
import { clientAddressContext, dbOverrideContext, nonceContext } from "~/context";
import { closeDb, getDb, type Db } from "~/db/client.server";
import { newReadEpoch } from "~/db/read-cache.server";
import { demoAccountsWithPublicPasswords, demoDataRequested, ensureDemoData } from "~/demo/seed.server";
import { startCycleClock, stopCycleClock } from "~/services/cycle-engine.server";
import { startHousekeeping, stopHousekeeping } from "~/auth/housekeeping.server";
import { browserHoldsStylesheet, keptScriptsFor, routerScriptsKey, shapeDocument, stylesheetText } from "~/web/first-paint.server";

export const streamTimeout = 5_000;

/** This worker's rendered deal cards, order rows, headers... (components/markup-cache.tsx). */
const markupStore = createMarkupStore();
/** MARKUP_CACHE=0 renders them in full: the same HTML (tests/integration/markup-cache.test.ts), more CPU. */
const markupFor = () => (process.env.MARKUP_CACHE === "0" ? null : documentMarkup(markupStore));

/**
 * server.ts calls this for every request as it arrives: the context starts with the response's
 * CSP nonce, and kept reads will see whatever was committed before now (db/read-cache.server.ts).
 * Integration tests pass their own database.
 */
export function createLoadContext(nonce: string, options: { db?: Db; clientAddress?: string } = {}): RouterContextProvider {
  newReadEpoch();
  const context = new RouterContextProvider();
  context.set(nonceContext, nonce);
  context.set(clientAddressContext, options.clientAddress ?? "");
  if (options.db) context.set(dbOverrideContext, options.db);
  return context;
}

export interface ServerStart {
  /**
   * `/admin/create?setup=<token>` when the market has no admin and no ADMIN_SECRET: the one
   * way to make its first admin, so the server prints it (with `adminSetupUrl`) at every start.
   * Each start makes a new one and retires the last.
   */
  adminSetupPath: string | null;
  /** The same on the site's public address (APP_URL, or the local one). */
  adminSetupUrl: string | null;
}

/**
 * server.ts, before listening. Every worker opens (and so migrates) the database. The leader,
 * the one worker the supervisor picks, also fills an empty database with the demo data when
 * DEMO_DATA=1 asks for it, makes the first-admin setup link if one is needed, closes any cycle
 * whose deadline passed while the server was down and keeps the weekly clock and the
 * housekeeping running. Its replacement after a crash does the same.
 */
export async function prepareServer({ leader }: { leader: boolean } = { leader: true }): Promise<ServerStart> {
  const db = getDb();
  if (!leader) return { adminSetupPath: null, adminSetupUrl: null };
  // Made (or read) before any other worker starts, so every worker signs with the same one.
  getSessionSecret();
  if (demoDataRequested()) await ensureDemoData(db);
  else {
    const exposed = await demoAccountsWithPublicPasswords(db);
    if (exposed.length) console.warn(`Warning: ${exposed.join(", ")} still sign in with the public demo passwords from README.md. Change their passwords or delete them before this market goes public.`);
  }
  const adminSetupPath = prepareAdminSetup(db, process.env.ADMIN_SECRET);
  startCycleClock(db);
  startHousekeeping(db);
  return { adminSetupPath, adminSetupUrl: adminSetupPath ? `${publicOrigin()}${adminSetupPath}` : null };
}

/**
 * SQLite's data_version on this worker's connection: it changes when another connection (another
 * worker, the backup, a script) has committed. server.ts empties its guest cache when it does.
 */
export function databaseVersion(): number {
  return getDb().$client.pragma("data_version", { simple: true }) as number;
}

/** server.ts, on SIGTERM: close the database cleanly (checkpoints the WAL). */
export function stopServer() {
  stopCycleClock();
  stopHousekeeping();
  closeDb();
}

/** The page's CSP: scripts only from us or carrying this response's nonce. */
function contentSecurityPolicy(nonce: string) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    // Profile pictures may live elsewhere (profileImageUrl is any https address).
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Reads the loader data React Router streams to the browser for hydration (turbo-stream text;
 * nothing in this app is deferred, so it ends with the loaders) and hands it to React Router's
 * `StreamTransfer` as already read: its cache (`renderMeta.streamCache`, part of EntryContext's
 * type) holds one promise per piece, each with its `result`, and a piece that has one renders
 * at once. So nothing in the render waits, and the document is rendered in one synchronous
 * pass: `renderToString`, which writes text, rather than the streaming renderer, which
 * measures and copies every piece of markup into 2 kB byte views for a stream we only collect
 * (decision record 016, session 13).
 */
async function readHydrationData(routerContext: EntryContext): Promise<void> {
  const stream = routerContext.serverHandoffStream;
  if (!stream || !routerContext.renderMeta) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  text += decoder.decode();
  reader.releaseLock();
  const read = (result: { done: boolean; value: string }) => Object.assign(Promise.resolve(), { result });
  // The first piece is the whole text; the second says the stream is done.
  routerContext.renderMeta.streamCache = { 0: read({ done: false, value: text }), 1: read({ done: true, value: "" }) };
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(nonceContext);
  // `react-router dev` has no nonce (Vite injects its own inline scripts): no CSP there.
  if (nonce) responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce));

  await readHydrationData(routerContext);
  // An error thrown here goes back to React Router, which renders the route's error boundary
  // through this same function.
  const pieces = markupFor();
  // React Router's scripts as an earlier document of these routes wrote them (components/
  // router-scripts.tsx); MARKUP_CACHE=0 renders them in full too. The hydration data's script
  // is written only after `<Scripts>` has rendered, so the render is told it has.
  const keeping = Boolean(nonce && pieces && routerContext.renderMeta);
  const scriptsKey = keeping ? routerScriptsKey(routerContext) : "";
  const kept = keeping ? keptScriptsFor(scriptsKey) : null;
  if (kept) routerContext.renderMeta!.didRenderScripts = true;
  const markup = renderToString(
    <NonceProvider value={nonce}>
      <MarkupCacheProvider value={pieces}>
        <ScriptsKeptProvider value={kept !== null}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </ScriptsKeptProvider>
      </MarkupCacheProvider>
    </NonceProvider>,
  );
  // Reshaped for the first paint (web/first-paint.server.ts): the stylesheet inlined (linked for
  // a browser that keeps its file), the module preloads after the content; the cached pieces'
  // bytes where their markers are. The streaming renderer wrote the doctype itself.
  const stylesheetHref = (routerContext.routeModules.root?.handle as { stylesheet?: string } | undefined)?.stylesheet ?? null;
  const inline = stylesheetHref !== null && !browserHoldsStylesheet(request.headers.get("Cookie"), stylesheetHref);
  const html = shapeDocument(`<!DOCTYPE html>${markup}`, {
    stylesheetHref,
    css: inline ? stylesheetText(stylesheetHref) : null,
    placed: pieces,
    scripts: keeping ? { key: scriptsKey, nonce, kept, marker: ROUTER_SCRIPTS_MARKER } : null,
  });
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // Its length, so the server sends it in one piece rather than chunked.
  responseHeaders.set("Content-Length", String(html.byteLength));
  const response = new Response(null, { headers: responseHeaders, status: responseStatusCode });
  documentBodies.set(response, html);
  return response;
}

/**
 * The bytes of each document this entry rendered, beside its Response, which is made without a
 * body: given bytes, undici's Response copies them and wraps the copy in a stream the server
 * then reads back in chunks, about 80 µs for a 100 kB page (decision record 016, session 19).
 * React Router hands a document's Response on as it is; server.ts and the test server write
 * these bytes (documentBodyOf), and refuse to send an empty answer that says it has a length.
 */
const documentBodies = new WeakMap<Response, Buffer>();

/** The bytes of a document rendered here, or undefined for any other Response. */
export function documentBodyOf(response: Response): Buffer | undefined {
  return documentBodies.get(response);
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // Aborted requests (a person navigating away) are not errors worth logging.
  if (request.signal.aborted) return;
  // The method and path say which form or page it was (never the query: it may hold a token).
  console.error(`${request.method} ${new URL(request.url).pathname} failed:`, error);
};
