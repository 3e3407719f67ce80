import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import {
  RouterContextProvider,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
} from "react-router";
import { prepareAdminSetup } from "~/auth/admin-setup.server";
import { MarkupCacheProvider } from "~/components/markup-cache";
import { createMarkupCache } from "~/components/markup-cache.server";
import { NonceProvider } from "~/components/nonce";
import { getSessionSecret, publicOrigin } from "~/config.server";
import { clientAddressContext, dbOverrideContext, nonceContext } from "~/context";
import { closeDb, getDb, type Db } from "~/db/client.server";
import { demoAccountsWithPublicPasswords, demoDataRequested, ensureDemoData } from "~/demo/seed.server";
import { startCycleClock, stopCycleClock } from "~/services/cycle-engine.server";
import { startHousekeeping, stopHousekeeping } from "~/auth/housekeeping.server";
import { shapeDocument, stylesheetText } from "~/web/first-paint.server";

export const streamTimeout = 5_000;

/** This worker's rendered deal cards and order rows (components/markup-cache.tsx). */
const markupCache = createMarkupCache();
/** MARKUP_CACHE=0 renders them in full: the same HTML (tests/integration/markup-cache.test.ts), more CPU. */
const markupCacheFor = () => (process.env.MARKUP_CACHE === "0" ? null : markupCache);

/**
 * server.ts calls this for every request: the context starts with the response's CSP nonce.
 * Integration tests pass their own database.
 */
export function createLoadContext(nonce: string, options: { db?: Db; clientAddress?: string } = {}): RouterContextProvider {
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

export default function handleRequest(
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

  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    // Nothing here is deferred, so waiting for the whole page costs nothing and lets the
    // status code reflect any error.
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <MarkupCacheProvider value={markupCacheFor()}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </MarkupCacheProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          // The whole document, then reshaped for the first paint (web/first-paint.server.ts):
          // the stylesheet inlined, the module preloads after the content.
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              const stylesheetHref = (routerContext.routeModules.root?.handle as { stylesheet?: string } | undefined)?.stylesheet ?? null;
              const html = shapeDocument(Buffer.concat(chunks), { stylesheetHref, css: stylesheetHref ? stylesheetText(stylesheetHref) : null });
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              // Its length, so the server sends it in one piece rather than chunked; and a view
              // of the bytes, not a copy.
              responseHeaders.set("Content-Length", String(html.byteLength));
              resolve(new Response(new Uint8Array(html.buffer as ArrayBuffer, html.byteOffset, html.byteLength), { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          console.error(error);
        },
      },
    );
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // Aborted requests (a person navigating away) are not errors worth logging.
  if (request.signal.aborted) return;
  console.error(error);
};
