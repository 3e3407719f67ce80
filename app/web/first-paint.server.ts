// What the first paint of a document waits for on a slow phone (issue #14, docs/decisions/017):
// the stylesheet is inlined, so no request blocks the first paint, and the scripts (their module
// preloads and React Router's module script) start once the first frame is painted and the
// page's largest picture has come, so the content and that picture get the thin link and the
// slow CPU first. Every form works without the scripts meanwhile (progressive enhancement).
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

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\/>/g;
/** The scripts never wait longer than this for the picture. */
const PICTURE_WAIT_MS = 3000;
/** React Router's module script: it imports the route modules and then starts hydration. */
const BOOT_SCRIPT = /<script nonce="([^"]*)" type="module" async="">([\s\S]*?)<\/script>/;

/**
 * The whole document as rendered, reshaped: the stylesheet inlined before `</head>` (or linked
 * there when its text is unknown), and the module preloads and React Router's module script
 * replaced by a small inline script (marked `data-scripts-after-paint`) that adds them after the
 * first frame and the picture. The elements added are outside React's tree; hydration skips
 * them and keeps them.
 */
export function shapeDocument(html: string, { stylesheetHref, css }: { stylesheetHref: string | null; css: string | null }): string {
  const headEnd = html.indexOf("</head>");
  if (headEnd < 0) return html;
  let head = html.slice(0, headEnd);
  let rest = html.slice(headEnd);
  // The scripts wait for the first frame and the page's high-priority picture (its largest
  // paint), then preload and run: a slow phone's thin link and CPU go to the content first.
  const preloads = (head.match(MODULE_PRELOAD) ?? []).map((tag) => /href="([^"]+)"/.exec(tag)?.[1]).filter((href): href is string => Boolean(href));
  const boot = BOOT_SCRIPT.exec(rest);
  if (boot) {
    head = head.replace(MODULE_PRELOAD, "");
    const [, nonce, code] = boot;
    const script = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
    const starter =
      `(function(){var started=false;function go(){if(started)return;started=true;` +
      `${script(preloads)}.forEach(function(href){var l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.appendChild(l)});` +
      `var s=document.createElement("script");s.type="module";s.nonce=${script(nonce)};s.textContent=${script(code)};document.body.appendChild(s)}` +
      `requestAnimationFrame(function(){setTimeout(function(){var img=document.querySelector('img[fetchpriority="high"]');` +
      `if(img&&!img.complete){img.addEventListener("load",go);img.addEventListener("error",go);setTimeout(go,${PICTURE_WAIT_MS})}else go()})})})()`;
    rest = rest.replace(boot[0], () => `<script nonce="${nonce}" data-scripts-after-paint="">${starter}</script>`);
  }
  const style = css !== null ? `<style>${css}</style>` : stylesheetHref ? `<link rel="stylesheet" href="${stylesheetHref}"/>` : "";
  return head + style + rest;
}
