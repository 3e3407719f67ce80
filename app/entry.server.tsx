import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  RouterContextProvider,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
} from "react-router";
import { prepareAdminSetup } from "~/auth/admin-setup.server";
import { NonceProvider } from "~/components/nonce";
import { getSessionSecret, publicOrigin } from "~/config.server";
import { clientAddressContext, dbOverrideContext, nonceContext } from "~/context";
import { closeDb, getDb, type Db } from "~/db/client.server";
import { demoAccountsWithPublicPasswords, demoDataRequested, ensureDemoData } from "~/demo/seed.server";
import { startCycleClock, stopCycleClock } from "~/services/cycle-engine.server";
import { movePictureFilesIntoDatabase } from "~/services/picture-files.server";
import { startMailSender, stopMailSender } from "~/services/mail-outbox.server";
import { closeMailTransport } from "~/services/mail.server";
import { startHousekeeping, stopHousekeeping } from "~/auth/housekeeping.server";
import { createRefusalLog, refusalLine } from "~/domain/refusal-log";
import { browserHoldsStylesheet, shapeDocument, stylesheetText } from "~/web/first-paint.server";

export const streamTimeout = 5_000;

/**
 * server.ts calls this for every request as it arrives: the context starts with the response's
 * CSP nonce.
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
 * whose deadline passed while the server was down and keeps the weekly clock, the
 * housekeeping and the outbox's retries running. Its replacement after a crash does the same.
 */
export async function prepareServer({ leader }: { leader: boolean } = { leader: true }): Promise<ServerStart> {
  const db = getDb();
  if (!leader) return { adminSetupPath: null, adminSetupUrl: null };
  // Made (or read) before any other worker starts, so every worker signs with the same one.
  getSessionSecret();
  // Pictures an older version kept as files join the database before anyone asks for them.
  const pictures = await movePictureFilesIntoDatabase(db);
  if (pictures.moved + pictures.dropped > 0) console.log(`Moved ${pictures.moved} deal picture(s) from uploads/ into the database (${pictures.dropped} no deal showed were deleted)`);
  if (demoDataRequested()) await ensureDemoData(db);
  else {
    const exposed = await demoAccountsWithPublicPasswords(db);
    if (exposed.length) console.warn(`Warning: ${exposed.join(", ")} still sign in with the public demo passwords from README.md. Change their passwords or delete them before this market goes public.`);
  }
  const adminSetupPath = prepareAdminSetup(db, process.env.ADMIN_SECRET);
  startCycleClock(db);
  startHousekeeping(db);
  startMailSender(db);
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
  stopMailSender();
  closeMailTransport();
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
 * React's streaming renderer, as React Router's template has it. Nothing in this app is deferred,
 * so the document is sent once it is all ready (for people and bots alike), and it is reshaped
 * whole for the first paint (web/first-paint.server.ts) before it goes.
 */
function renderDocument(request: Request, routerContext: EntryContext, nonce: string): Promise<{ html: Buffer; failed: boolean }> {
  return new Promise((resolve, reject) => {
    let failed = false;
    // Let React Router's own timeout reject its promises first, then stop rendering. Cleared as
    // soon as the render is done: a pending timer keeps the whole render alive until it fires.
    const timer = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce: nonce || undefined,
        onAllReady() {
          clearTimeout(timer);
          // The document is wanted whole: a Writable that keeps React's chunks, nothing between.
          const chunks: Buffer[] = [];
          const sink = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
          });
          sink.on("finish", () => resolve({ html: Buffer.concat(chunks), failed }));
          sink.on("error", reject);
          pipe(sink);
        },
        onShellError(error) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error) {
          failed = true;
          // The shell's errors reach onShellError; these are inside a boundary, logged once here.
          if (!request.signal.aborted) console.error(error);
        },
      },
    );
  });
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
  const { html, failed } = await renderDocument(request, routerContext, nonce);
  // The stylesheet inlined (linked for a browser that keeps its file) and the scripts started
  // after the first paint (web/first-paint.server.ts).
  const stylesheetHref = (routerContext.routeModules.root?.handle as { stylesheet?: string } | undefined)?.stylesheet ?? null;
  const inline = stylesheetHref !== null && !browserHoldsStylesheet(request.headers.get("Cookie"), stylesheetHref);
  const document = shapeDocument(html, { stylesheetHref, css: inline ? stylesheetText(stylesheetHref) : null });
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // Its length, so the server sends it in one piece rather than chunked.
  responseHeaders.set("Content-Length", String(document.byteLength));
  const body = new Uint8Array(document.buffer as ArrayBuffer, document.byteOffset, document.byteLength);
  return new Response(body, { headers: responseHeaders, status: failed ? 500 : responseStatusCode });
}

/** A client's refusals, one short line each and a few a minute (app/domain/refusal-log.ts). */
const refusalLog = createRefusalLog({ write: (line) => console.warn(line), later: (run, ms) => setTimeout(run, ms).unref() });

/**
 * The status and a few words when `error` is a refusal of the client's request rather than a
 * fault: a 4xx a route or React Router threw (a GET to an action-only route is its 405/400),
 * or React Router's own check of a form post's Origin, which it answers with 400.
 */
function clientRefusal(error: unknown): { status: number; why: string } | null {
  if (isRouteErrorResponse(error) && error.status < 500) return { status: error.status, why: error.statusText || "refused" };
  if (error instanceof Error && /origin.*Aborting the action\.$/.test(error.message)) return { status: 400, why: "Origin of another site" };
  return null;
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // Aborted requests (a person navigating away) are not errors worth logging.
  if (request.signal.aborted) return;
  // The method and path say which form or page it was (never the query: it may hold a token).
  const pathname = new URL(request.url).pathname;
  const refused = clientRefusal(error);
  if (refused) return refusalLog.note(String(refused.status), refusalLine(request.method, pathname, refused.status, refused.why));
  console.error(`${request.method} ${pathname} failed:`, error);
};
