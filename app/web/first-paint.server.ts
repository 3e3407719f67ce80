// What the first paint of a document waits for on a slow phone (issue #14, docs/decisions/017):
// the stylesheet is inlined, so no request blocks the first paint, and the scripts (their module
// preloads and React Router's module script) start once the first frame is painted and the
// page's largest picture has come, so the content and that picture get the thin link and the
// slow CPU first. Every form works without the scripts meanwhile (progressive enhancement).
// A browser that keeps the stylesheet file says so with a cookie, and its documents link it.
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import type { EntryContext } from "react-router";

const cssCache = new Map<string, string | null>();

/**
 * The built stylesheet's text for its URL (`/assets/app-<hash>.css`), read once from the build's
 * client folder beside this server bundle; null where there is no such file (`react-router dev`).
 */
export function stylesheetText(href: string): string | null {
  if (cssCache.has(href)) return cssCache.get(href)!;
  let text: string | null = null;
  if (/^\/assets\/[\w.-]+\.css$/.test(href)) {
    try {
      text = fs.readFileSync(fileURLToPath(new URL(`../client${href}`, import.meta.url)), "utf8");
    } catch {
      text = null;
    }
  }
  // A stylesheet that could close the <style> element early is linked instead.
  if (text !== null && /<\/style/i.test(text)) text = null;
  cssCache.set(href, text);
  return text;
}

/**
 * The cookie a browser carries once its HTTP cache holds the stylesheet file (`/assets/` files
 * are kept for a year); its value is the file's name, which changes with the file's content.
 * Inlined, the stylesheet was about half of every document (52 of the signed-in /deals' 151 kB;
 * 9 of its 21 kB in brotli), sent again and compressed again on every page a shopper opens
 * (decision record 016, session 16). Without scripts no cookie is set and every document
 * carries it, as before.
 */
export const STYLESHEET_COOKIE = "css";
const STYLESHEET_COOKIE_VALUE = new RegExp(`(?:^|;)\\s*${STYLESHEET_COOKIE}=([^;]*)`);

/** The stylesheet's file name, the STYLESHEET_COOKIE's value for it. */
const fileNameOf = (href: string) => href.slice(href.lastIndexOf("/") + 1);

/** Whether the request's browser holds this stylesheet file (its STYLESHEET_COOKIE names it): then the document links it. */
export function browserHoldsStylesheet(cookieHeader: string | null, href: string): boolean {
  if (!cookieHeader) return false;
  return STYLESHEET_COOKIE_VALUE.exec(cookieHeader)?.[1]?.trim() === fileNameOf(href);
}

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\/>/g;
/** The scripts never wait longer than this for the picture. */
const PICTURE_WAIT_MS = 3000;
/** React Router's module script: it imports the route modules and then starts hydration. */
const BOOT_SCRIPT = /^<script nonce="([^"]*)" type="module" async="">([\s\S]*?)<\/script>$/;

/**
 * When the stylesheet was inlined: once the page has loaded, fetch its file into the browser's
 * HTTP cache and set the STYLESHEET_COOKIE, so the next document links it. Only a browser that
 * has the whole file says it has it.
 */
function keepStylesheet(href: string | null, css: string | null): string {
  if (!href || css === null) return "";
  const cookie = `${STYLESHEET_COOKIE}=${fileNameOf(href)}; path=/; max-age=31536000; samesite=lax`;
  return (
    `function keep(){fetch(${JSON.stringify(href)}).then(function(r){return r.ok&&r.arrayBuffer()}).then(function(b){` +
    `if(b)document.cookie=${JSON.stringify(cookie)}+(location.protocol==="https:"?"; secure":"")}).catch(function(){})}` +
    `if(document.readyState==="complete")setTimeout(keep,0);else addEventListener("load",function(){setTimeout(keep,0)});`
  );
}

const styleElements = new Map<string, Buffer>();

/** The `<style>` with the stylesheet's text (encoded once), or a link to it when the text is unknown. */
function styleElement(href: string | null, css: string | null): Buffer | string {
  if (css === null) return href ? `<link rel="stylesheet" href="${href}"/>` : "";
  let element = styleElements.get(css);
  if (!element) {
    element = Buffer.from(`<style>${css}</style>`);
    styleElements.set(css, element);
  }
  return element;
}

const MANIFEST_START = "window.__reactRouterManifest = ";
/** Boot scripts written compactly, by their text as React Router wrote them: a few route sets. */
const compactBootCodes = new Map<string, string>();
const COMPACT_BOOT_CODES_KEPT = 64;

/**
 * React Router's boot script with its manifest patch as compact JSON. It writes the patch
 * indented, two spaces a level and a line an entry: about 850 of a page's bytes (a tenth of a
 * signed-in /profile's starter) that every page sends and every phone parses. Anything not in
 * the shape expected is left as it was.
 */
export function compactBootCode(code: string): string {
  const known = compactBootCodes.get(code);
  if (known !== undefined) return known;
  let compact = code;
  const start = code.indexOf(MANIFEST_START);
  // The patch's object ends at the first "}" that starts a line: everything inside is indented.
  const end = start < 0 ? -1 : code.indexOf("\n};", start);
  if (end >= 0) {
    try {
      const from = start + MANIFEST_START.length;
      compact = code.slice(0, from) + JSON.stringify(JSON.parse(code.slice(from, end + 2))) + code.slice(end + 2);
    } catch {
      compact = code;
    }
  }
  if (compactBootCodes.size >= COMPACT_BOOT_CODES_KEPT) compactBootCodes.clear();
  compactBootCodes.set(code, compact);
  return compact;
}

/** Where React Router's module script starts and ends in the document, or null. */
function bootScriptRange(html: string, from: number): { start: number; end: number } | null {
  const marker = html.indexOf('" type="module" async="">', from);
  if (marker < 0) return null;
  const start = html.lastIndexOf('<script nonce="', marker);
  const close = html.indexOf("</script>", marker);
  return start < from || close < 0 ? null : { start, end: close + "</script>".length };
}

/** Reused by every document this worker encodes; grown to the largest one's worst case, up to SCRATCH_KEPT_MAX. */
let scratch = Buffer.allocUnsafeSlow(512 * 1024);
/** A document whose worst case is larger gets a buffer of its own, not kept: a worker holds no more than this for the next page. */
const SCRATCH_KEPT_MAX = 4 * 1024 * 1024;

/**
 * Pieces of HTML whose bytes a document's text holds places for: each place a marker,
 * `markerStart`, the piece's number, `-->` (components/markup-cache.server.tsx).
 */
export interface PlacedPieces {
  readonly markerStart: string;
  readonly pieces: readonly Uint8Array[];
}

const MARKER_END = "-->";

/** The text's parts and, in their markers' places, the placed pieces' bytes. */
function withPlacedPieces(text: string, placed: PlacedPieces): (string | Uint8Array)[] {
  const parts: (string | Uint8Array)[] = [];
  let from = 0;
  for (let at = text.indexOf(placed.markerStart); at >= 0; at = text.indexOf(placed.markerStart, from)) {
    const numberStart = at + placed.markerStart.length;
    const end = text.indexOf(MARKER_END, numberStart);
    const piece = end < 0 ? undefined : placed.pieces[Number(text.slice(numberStart, end))];
    // Not one of this document's markers: left as it is (it cannot be; see MARKER_START).
    if (!piece) break;
    parts.push(text.slice(from, at), piece);
    from = end + MARKER_END.length;
  }
  parts.push(from === 0 ? text : text.slice(from));
  return parts;
}

/**
 * The pieces as one UTF-8 buffer of exactly their length, placed pieces in their markers'
 * places. Buffer.from(text) measures the text before it writes it (two passes over a 170 kB
 * page of Hebrew: about 200 µs); writing into a buffer big enough for any text of that length
 * and copying out what was written is one pass and a copy (about 100 µs).
 */
function encodePieces(texts: (string | Uint8Array)[], placed: PlacedPieces | null): Buffer {
  const pieces = placed && placed.pieces.length > 0 ? texts.flatMap((text) => (typeof text === "string" ? withPlacedPieces(text, placed) : [text])) : texts;
  let worstCase = 0;
  // UTF-8 takes at most 3 bytes per UTF-16 unit (a surrogate pair's 4 bytes are 2 per unit).
  for (const piece of pieces) worstCase += typeof piece === "string" ? piece.length * 3 : piece.byteLength;
  if (scratch.byteLength < worstCase && worstCase <= SCRATCH_KEPT_MAX) scratch = Buffer.allocUnsafeSlow(worstCase);
  const target = scratch.byteLength >= worstCase ? scratch : Buffer.allocUnsafeSlow(worstCase);
  let written = 0;
  for (const piece of pieces) {
    if (typeof piece === "string") written += target.write(piece, written, "utf8");
    else {
      target.set(piece, written);
      written += piece.byteLength;
    }
  }
  return Buffer.from(target.subarray(0, written));
}

/**
 * What one document's `<Scripts>` wrote, for the next documents of the same routes
 * (components/router-scripts.tsx): the same for every document with the same `routerScriptsKey`,
 * but for the nonce, which each response writes its own.
 */
export interface KeptScripts {
  /** The code of the script that sets `window.__reactRouterContext`. */
  readonly contextCode: string;
  /** The module preloads' addresses, as script text (a JSON array). */
  readonly preloadsText: string;
  /** React Router's module script's code, compact, as script text (a JSON string). */
  readonly bootCodeText: string;
}

/**
 * Where a document's scripts go: the scripts kept for its routes, written where the render put
 * `marker` (components/router-scripts.tsx), or none yet, and then what its `<Scripts>` wrote is
 * kept under `key`.
 */
export interface ScriptsSlot {
  readonly key: string;
  readonly nonce: string;
  readonly kept: KeptScripts | null;
  readonly marker: string;
}

const keptScripts = new Map<string, KeptScripts>();
/** Route sets whose scripts are kept; past it the oldest goes (a parent path with an id in it makes a set per id). */
const KEPT_SCRIPTS_MAX = 256;

/**
 * What `<Scripts>` writes depends on the matched routes, the request's parent paths (the manifest
 * patch lists the routes they match too) and React Router's handoff (the build's settings); the
 * nonce is written in afterwards. The same key, the same scripts.
 */
export function routerScriptsKey(context: Pick<EntryContext, "staticHandlerContext" | "serverHandoffString">): string {
  const { matches, location } = context.staticHandlerContext;
  const parentPath = location.pathname.split("/").filter(Boolean).slice(0, -1).join("/");
  return `${matches.map((match) => match.route.id).join(",")}\n${parentPath}\n${context.serverHandoffString ?? ""}`;
}

/** The scripts kept for this key, if a document of these routes has been written. */
export function keptScriptsFor(key: string): KeptScripts | null {
  return keptScripts.get(key) ?? null;
}

function keepScripts(key: string, scripts: KeptScripts) {
  if (keptScripts.size >= KEPT_SCRIPTS_MAX && !keptScripts.has(key)) keptScripts.delete(keptScripts.keys().next().value as string);
  keptScripts.set(key, scripts);
}

/** JSON for inside a script element: no `</script>` can end it early. */
const scriptText = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * The inline script that replaces React Router's module script: it waits for the first frame and
 * the page's high-priority picture (its largest paint), then preloads the modules and runs the
 * module script, so a slow phone's thin link and CPU go to the content first.
 */
function starterElement(scripts: KeptScripts, nonce: string, stylesheetHref: string | null, css: string | null): string {
  const code =
    `(function(){var started=false;function go(){if(started)return;started=true;` +
    `${scripts.preloadsText}.forEach(function(href){var l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.appendChild(l)});` +
    // The page's strings (app/translation-files.ts): hydration waits for them too.
    `var t=document.querySelector('meta[name="translations"]');if(t){var p=document.createElement("link");p.rel="preload";p.as="fetch";p.crossOrigin="anonymous";p.href=t.content;document.head.appendChild(p)}` +
    `var s=document.createElement("script");s.type="module";s.nonce=${scriptText(nonce)};s.textContent=${scripts.bootCodeText};document.body.appendChild(s)}` +
    keepStylesheet(stylesheetHref, css) +
    `requestAnimationFrame(function(){setTimeout(function(){var img=document.querySelector('img[fetchpriority="high"]');` +
    `if(img&&!img.complete){img.addEventListener("load",go);img.addEventListener("error",go);setTimeout(go,${PICTURE_WAIT_MS})}else go()})})})()`;
  return `<script nonce="${nonce}" data-scripts-after-paint="">${code}</script>`;
}

const CONTEXT_START = "window.__reactRouterContext = ";
const SCRIPT_END = "</script>";

/**
 * What `<Scripts>` wrote in this document, read back: the context script right before its module
 * script, the module script and the preloads React hoisted into the head. Null when anything is
 * not where or how React Router writes it; then nothing is kept.
 */
function readScripts(html: string, head: string, boot: { start: number; end: number }): { nonce: string; code: string; preloads: string[]; contextCode: string | null } | null {
  const found = BOOT_SCRIPT.exec(html.slice(boot.start, boot.end));
  if (!found) return null;
  const [, nonce, code] = found;
  const preloads = (head.match(MODULE_PRELOAD) ?? []).map((tag) => /href="([^"]+)"/.exec(tag)?.[1]).filter((href): href is string => Boolean(href));
  // The context script ends where the module script starts, and holds no other script.
  const contextOpen = `<script nonce="${nonce}">`;
  const contextStart = html.lastIndexOf(contextOpen, boot.start);
  const element = contextStart < 0 ? "" : html.slice(contextStart + contextOpen.length, boot.start);
  const written = element.startsWith(CONTEXT_START) && element.indexOf(SCRIPT_END) === element.length - SCRIPT_END.length;
  return { nonce, code, preloads, contextCode: written ? element.slice(0, -SCRIPT_END.length) : null };
}

/**
 * The whole document as rendered, reshaped and encoded: the stylesheet inlined before `</head>`
 * (or linked there when its text is unknown), and the module preloads and React Router's
 * module script replaced by a small inline script (marked `data-scripts-after-paint`) that adds
 * them after the first frame and the picture. The elements added are outside React's tree;
 * hydration skips them and keeps them. Given a `scripts` slot with kept scripts, the document
 * has the slot's marker where `<Scripts>` would have written, and gets the context script and
 * the starter there; without, what its `<Scripts>` wrote is kept under the slot's key.
 */
export function shapeDocument(
  html: string,
  { stylesheetHref, css, placed = null, scripts = null }: { stylesheetHref: string | null; css: string | null; placed?: PlacedPieces | null; scripts?: ScriptsSlot | null },
): Buffer {
  const headEnd = html.indexOf("</head>");
  if (headEnd < 0) return encodePieces([html], placed);
  const style = styleElement(stylesheetHref, css);
  if (scripts?.kept) {
    const head = html.slice(0, headEnd);
    const { kept, nonce } = scripts;
    const marker = html.indexOf(scripts.marker, headEnd);
    if (marker < 0) return encodePieces([head, style, html.slice(headEnd)], placed);
    return encodePieces(
      [head, style, html.slice(headEnd, marker), `<script nonce="${nonce}">${kept.contextCode}</script>`, starterElement(kept, nonce, stylesheetHref, css), html.slice(marker + scripts.marker.length)],
      placed,
    );
  }
  let head = html.slice(0, headEnd);
  const boot = bootScriptRange(html, headEnd);
  const read = boot ? readScripts(html, head, boot) : null;
  if (!boot || !read) return encodePieces([head, style, html.slice(headEnd)], placed);
  head = head.replace(MODULE_PRELOAD, "");
  const written: KeptScripts = { contextCode: read.contextCode ?? "", preloadsText: scriptText(read.preloads), bootCodeText: scriptText(compactBootCode(read.code)) };
  if (scripts && read.contextCode !== null && read.nonce === scripts.nonce) keepScripts(scripts.key, written);
  return encodePieces([head, style, html.slice(headEnd, boot.start), starterElement(written, read.nonce, stylesheetHref, css), html.slice(boot.end)], placed);
}
