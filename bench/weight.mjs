// Page weight: the HTML, the JavaScript a first load fetches and the CSS, raw and gzip (level 9),
// each file fetched from the running server and gzipped on its own, as a browser receives them.
import { gzipSync } from "node:zlib";

const gz = (buffer) => gzipSync(buffer, { level: 9 }).length;

async function bytes(url, headers) {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`weight: ${url} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

const attr = (tag, name) => new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, "i").exec(tag)?.slice(1).find((v) => v !== undefined);

/** The first-load JavaScript and the stylesheets an HTML page references. */
export function referencedAssets(html) {
  const scripts = new Set();
  const styles = new Set();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    const href = attr(tag, "href");
    if (!href) continue;
    if (rel.includes("modulepreload")) scripts.add(href);
    if (rel.includes("stylesheet")) styles.add(href);
  }
  for (const [, open, content] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = attr(`<script ${open}>`, "src");
    if (src) {
      scripts.add(src);
      continue;
    }
    let code = content;
    if (/data-scripts-after-paint/i.test(open)) {
      // The starter that adds the preloads and the module script after the first paint
      // (app/web/first-paint.server.ts): the same scripts, fetched a little later.
      const list = /(\[[^\]]*\])\.forEach/.exec(content)?.[1];
      for (const href of list ? JSON.parse(list) : []) scripts.add(href);
      const source = /textContent=("(?:[^"\\]|\\.)*")/.exec(content)?.[1];
      code = source ? JSON.parse(source) : "";
    } else if (!/type\s*=\s*["']?module/i.test(open)) continue;
    // An inline module's own imports (not the URLs inside the route manifest it assigns).
    for (const [, spec] of code.matchAll(/\bimport\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g)) scripts.add(spec);
    for (const [, spec] of code.matchAll(/\bimport\(\s*["']([^"']+\.js)["']\s*\)/g)) scripts.add(spec);
  }
  return { scripts: [...scripts], styles: [...styles] };
}

/** Static imports inside a built chunk ("./x.js" or "/assets/x.js"), resolved against it. */
function staticImportsOf(code, base) {
  const found = new Set();
  for (const [, spec] of code.matchAll(/\bimport\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g)) {
    found.add(new URL(spec, base).href);
  }
  for (const [, spec] of code.matchAll(/\bexport\s*(?:\*|\{[^}]*\})\s*from\s*["']([^"']+\.js)["']/g)) {
    found.add(new URL(spec, base).href);
  }
  return found;
}

/**
 * Weighs one page. JS counts the module scripts and modulepreload links of the HTML, plus any
 * chunk one of them imports statically that the HTML did not list (`unlisted`), because a
 * browser must fetch it before the page runs.
 */
export async function weighPage(origin, path, { headers = {}, cache = new Map() } = {}) {
  const html = await bytes(`${origin}${path}`, headers);
  const { scripts, styles } = referencedAssets(html.toString("utf8"));
  const fetchAsset = async (url) => {
    if (!cache.has(url)) cache.set(url, await bytes(url));
    return cache.get(url);
  };
  const jsUrls = new Set(scripts.map((s) => new URL(s, `${origin}${path}`).href));
  const listed = new Set(jsUrls);
  const queue = [...jsUrls];
  // Bounded walk over the import graph (a build has a few hundred chunks at most).
  for (let guard = 0; queue.length > 0 && guard < 2_000; guard++) {
    const url = queue.shift();
    const code = await fetchAsset(url);
    for (const dep of staticImportsOf(code.toString("utf8"), url)) {
      if (!jsUrls.has(dep)) {
        jsUrls.add(dep);
        queue.push(dep);
      }
    }
  }
  const sum = async (urls) => {
    let raw = 0;
    let gzip = 0;
    for (const url of urls) {
      const buffer = await fetchAsset(url);
      raw += buffer.length;
      gzip += gz(buffer);
    }
    return { raw, gzip, files: urls.length };
  };
  const js = await sum([...jsUrls]);
  const css = await sum(styles.map((s) => new URL(s, `${origin}${path}`).href));
  // The stylesheet inlined in the HTML (app/web/first-paint.server.ts): part of the HTML's bytes.
  const inline = Buffer.from([...html.toString("utf8").matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]).join(""));
  css.inline = { raw: inline.length, gzip: inline.length ? gz(inline) : 0 };
  return {
    path,
    html: { raw: html.length, gzip: gz(html) },
    js: { ...js, unlisted: [...jsUrls].filter((u) => !listed.has(u)).length },
    css,
  };
}

export async function weighPages(origin, paths, options = {}) {
  const cache = new Map();
  const results = {};
  for (const path of paths) results[path] = await weighPage(origin, path, { ...options, cache });
  return results;
}
