// What the first paint of a document waits for on a slow phone (issue #14, docs/decisions/017):
// the stylesheet is inlined, so no request blocks the first paint, and the scripts (their module
// preloads and React Router's module script) start once the first frame is painted and the
// page's largest picture has come, so the content and that picture get the thin link and the
// slow CPU first. Every form works without the scripts meanwhile (progressive enhancement).
// A browser that keeps the stylesheet file says so with a cookie, and its documents link it.
import fs from "node:fs";
import { fileURLToPath } from "node:url";

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
/** Module preloads the starter adds in one task (see starterElement). */
const PRELOADS_PER_TASK = 3;
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

/** The `<style>` with the stylesheet's text, or a link to it when the text is unknown. */
function styleElement(href: string | null, css: string | null): string {
  if (css === null) return href ? `<link rel="stylesheet" href="${href}"/>` : "";
  return `<style>${css}</style>`;
}

/** styleElement's bytes: the inlined stylesheet is encoded once per build, not per page. */
let lastStyle: { href: string | null; css: string | null; bytes: Buffer } | null = null;
function styleBytes(href: string | null, css: string | null): Buffer {
  if (lastStyle?.href !== href || lastStyle.css !== css) lastStyle = { href, css, bytes: Buffer.from(styleElement(href, css)) };
  return lastStyle.bytes;
}

/** JSON for inside a script element: no `</script>` can end it early. */
const scriptText = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * The inline script that replaces React Router's module script: it waits for the first frame and
 * the page's high-priority picture (its largest paint), then preloads the modules and runs the
 * module script, so a slow phone's thin link and CPU go to the content first.
 */
function starterElement(preloads: string[], bootCode: string, nonce: string, stylesheetHref: string | null, css: string | null): string {
  const code =
    `(function(){var started=false;function go(){if(started)return;started=true;` +
    // The page's strings (app/translation-files.ts): hydration waits for them too.
    `var t=document.querySelector('meta[name="translations"]');if(t){var p=document.createElement("link");p.rel="preload";p.as="fetch";p.crossOrigin="anonymous";p.href=t.content;document.head.appendChild(p)}` +
    // A few preloads a task: at 4x CPU starting a request costs a slow phone 2-6 ms, and the
    // deal page's 33 in one task blocked its main thread for 60-190 ms.
    `var hrefs=${scriptText(preloads)},i=0;(function next(){for(var end=i+${PRELOADS_PER_TASK};i<end&&i<hrefs.length;i++){var l=document.createElement("link");l.rel="modulepreload";l.href=hrefs[i];document.head.appendChild(l)}` +
    `if(i<hrefs.length){setTimeout(next,0);return}` +
    `var s=document.createElement("script");s.type="module";s.nonce=${scriptText(nonce)};s.textContent=${scriptText(bootCode)};document.body.appendChild(s)})()}` +
    keepStylesheet(stylesheetHref, css) +
    `requestAnimationFrame(function(){setTimeout(function(){var img=document.querySelector('img[fetchpriority="high"]');` +
    `if(img&&!img.complete){img.addEventListener("load",go);img.addEventListener("error",go);setTimeout(go,${PICTURE_WAIT_MS})}else go()})})})()`;
  return `<script nonce="${nonce}" data-scripts-after-paint="">${code}</script>`;
}

/**
 * React Router's output changed shape: a document with its module script or preloads written
 * otherwise than this file reads them. Thrown, not passed over: the first paint on a slow phone
 * depends on this reshaping, and an upgrade of React Router must not lose it quietly
 * (first-paint.server.test.ts renders real documents through the build to catch it).
 */
export class FirstPaintShapeError extends Error {}

/**
 * The whole document as rendered, reshaped for the first paint: the stylesheet inlined before
 * `</head>` (or linked there when its text is unknown), and the module preloads and React
 * Router's module script replaced by a small inline script (marked `data-scripts-after-paint`)
 * that adds them after the first frame and the picture. The elements added are outside React's
 * tree; hydration skips them and keeps them. A page without scripts (`handle.scripts === false`)
 * only gets the stylesheet. Bytes in, bytes out: only the head and the module script are read
 * as text; the body between is copied as it is (decoding and encoding it again was about 5 %
 * of a page's CPU).
 */
export function shapeDocument(html: Buffer, { stylesheetHref, css }: { stylesheetHref: string | null; css: string | null }): Buffer {
  const headEnd = html.indexOf("</head>");
  if (headEnd < 0) throw new FirstPaintShapeError("a document without </head>");
  const head = html.toString("utf8", 0, headEnd);
  const style = styleBytes(stylesheetHref, css);
  const bootStart = html.indexOf('" type="module" async="">', headEnd);
  const preloads = [...head.matchAll(MODULE_PRELOAD)].map((tag) => /href="([^"]+)"/.exec(tag[0])?.[1] ?? "");
  if (bootStart < 0) {
    if (preloads.length > 0) throw new FirstPaintShapeError("module preloads without React Router's module script");
    return Buffer.concat([html.subarray(0, headEnd), style, html.subarray(headEnd)]);
  }
  const start = html.lastIndexOf('<script nonce="', bootStart);
  const close = html.indexOf("</script>", bootStart);
  const boot = start < headEnd || close < 0 ? null : BOOT_SCRIPT.exec(html.toString("utf8", start, close + "</script>".length));
  if (!boot || preloads.some((href) => !href)) throw new FirstPaintShapeError("React Router's module script or preloads are not written as expected");
  const [, nonce, code] = boot;
  return Buffer.concat([
    Buffer.from(head.replace(MODULE_PRELOAD, "")),
    style,
    html.subarray(headEnd, start),
    Buffer.from(starterElement(preloads, code!, nonce!, stylesheetHref, css)),
    html.subarray(close + "</script>".length),
  ]);
}
