import { describe, expect, it } from "vitest";
import type { EntryContext } from "react-router";
import { ROUTER_SCRIPTS_MARKER } from "~/components/router-scripts";
import { browserHoldsStylesheet, compactBootCode, keptScriptsFor, routerScriptsKey, shapeDocument as shapeBytes, stylesheetText } from "./first-paint.server";

/** shapeDocument's bytes read back as text. */
const shapeDocument = (html: string, options: Parameters<typeof shapeBytes>[1]) => shapeBytes(html, options).toString("utf8");

const doc =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="modulepreload" href="/assets/a.js" nonce="n"/><title>t</title><link rel="modulepreload" href="/assets/b.js" nonce="n"/></head>' +
  '<body><main>content</main><script nonce="n" type="module" async="">import "/assets/a.js";</script></body></html>';

describe("shapeDocument", () => {
  it("inlines the stylesheet in the head", () => {
    const html = shapeDocument(doc, { stylesheetHref: "/assets/app-x.css", css: "body{color:red}" });
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain("<style>body{color:red}</style>");
    expect(html).not.toContain('<link rel="stylesheet"');
  });

  it("preloads and runs the scripts from an inline starter after the content, with the nonce", () => {
    const html = shapeDocument(doc, { stylesheetHref: null, css: null });
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('type="module" async');
    const body = html.slice(html.indexOf("<body>"));
    expect(body.indexOf("content")).toBeLessThan(body.indexOf("data-scripts-after-paint"));
    expect(body).toContain('<script nonce="n" data-scripts-after-paint="">(function(){');
    expect(body).toContain('["/assets/a.js","/assets/b.js"].forEach(');
    expect(body).toContain('s.nonce="n"');
    expect(body).toContain('s.textContent="import \\"/assets/a.js\\";"');
    expect(body).toContain('img[fetchpriority="high"]');
  });

  it("writes React Router's manifest patch compactly, the same object, and leaves other code alone", () => {
    const manifest = { entry: { module: "/assets/entry.client.js", imports: ["/assets/a.js"], css: [] }, routes: { root: { id: "root", path: "", hasLoader: true } }, version: "v1" };
    // As React Router 7 writes it: indented, the object closed at the start of a line.
    const code =
      ';\nimport * as route0 from "/assets/root.js";\n  window.__reactRouterManifest = ' +
      JSON.stringify(manifest, null, 2) +
      ';\n  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client.js");';
    const compact = compactBootCode(code);
    expect(compact).toBe(code.replace(JSON.stringify(manifest, null, 2), JSON.stringify(manifest)));
    expect(compact.length).toBeLessThan(code.length - 50);
    expect(compactBootCode(code)).toBe(compact);
    for (const other of ['import "/assets/a.js";', "window.__reactRouterManifest = {\n  broken\n};"]) expect(compactBootCode(other)).toBe(other);
    const html = shapeDocument(doc.replace('import "/assets/a.js";', code), { stylesheetHref: null, css: null });
    expect(html).toContain(`s.textContent=${JSON.stringify(compact).replace(/</g, "\\u003c")};`);
  });

  it("once the page has loaded, fetches the inlined stylesheet's file and then sets the cookie naming it", () => {
    const html = shapeDocument(doc, { stylesheetHref: "/assets/app-x.css", css: "body{color:red}" });
    const starter = html.slice(html.indexOf("data-scripts-after-paint"));
    expect(starter).toContain('fetch("/assets/app-x.css")');
    expect(starter).toContain('document.cookie="css=app-x.css; path=/; max-age=31536000; samesite=lax"');
    expect(starter).toContain('addEventListener("load"');
    // Linked, the browser already has it: nothing to keep.
    expect(shapeDocument(doc, { stylesheetHref: "/assets/app-x.css", css: null })).not.toContain("fetch(");
  });

  it("links the stylesheet when its text is unknown", () => {
    const html = shapeDocument(doc, { stylesheetHref: "/assets/app-x.css", css: null });
    expect(html.slice(0, html.indexOf("</head>"))).toContain('<link rel="stylesheet" href="/assets/app-x.css"/>');
  });

  it("leaves a page without scripts without scripts", () => {
    const html = shapeDocument("<html><head><title>t</title></head><body><p>x</p></body></html>", { stylesheetHref: null, css: "p{}" });
    expect(html).toBe("<html><head><title>t</title><style>p{}</style></head><body><p>x</p></body></html>");
  });

  it("keeps the body's bytes as they were, Hebrew and all, around the starter", () => {
    const hebrew = "<p>עגבניות שרי ₪ 9.90</p>";
    const html = shapeDocument(doc.replace("<main>content</main>", `<main>${hebrew}</main>`) + "<!-- אחרי -->", { stylesheetHref: null, css: "p{}" });
    expect(html).toContain(`<body><main>${hebrew}</main><script nonce="n" data-scripts-after-paint="">`);
    expect(html.endsWith("</script></body></html><!-- אחרי -->")).toBe(true);
  });

  it("encodes documents larger than its reused buffer, one after another, each to its exact bytes", () => {
    const page = (main: string) => `<!DOCTYPE html><html><head><title>t</title></head><body><main>${main}</main></body></html>`;
    // Hebrew (2 bytes a letter), an emoji (a surrogate pair, 4 bytes) and plain text, 1.4 MB in all.
    const large = "שלום 🍅 tomato ".repeat(100_000);
    for (const main of [large, "קטן", large]) {
      const bytes = shapeBytes(page(main), { stylesheetHref: null, css: "p{}" });
      const expected = Buffer.from(page(main).replace("</head>", "<style>p{}</style></head>"));
      expect(bytes.equals(expected)).toBe(true);
    }
  });

  it("leaves a document without a head alone", () => {
    expect(shapeDocument("<p>x</p>", { stylesheetHref: "/a.css", css: "x" })).toBe("<p>x</p>");
  });

  it("writes placed pieces' bytes where their markers are, in any order, in the head, the body and around the starter", () => {
    const placed = { markerStart: "<!--piece-k-", pieces: [Buffer.from("<b>שרי</b>"), Buffer.from("<i>🍅</i>"), Buffer.from("")] };
    const marked = doc
      .replace("<title>t</title>", "<title>t</title><!--piece-k-2-->")
      .replace("<main>content</main>", "<main><!--piece-k-1-->content<!--piece-k-0--><!--piece-k-1--></main>")
      .replace("</html>", "<!--piece-k-0--></html>");
    const expected = shapeDocument(doc.replace("<main>content</main>", "<main><i>🍅</i>content<b>שרי</b><i>🍅</i></main>").replace("</html>", "<b>שרי</b></html>"), { stylesheetHref: null, css: "p{}" });
    expect(shapeDocument(marked, { stylesheetHref: null, css: "p{}", placed })).toBe(expected);
    expect(shapeDocument("<!--piece-k-1-->", { stylesheetHref: null, css: null, placed })).toBe("<i>🍅</i>");
  });

  it("leaves alone a comment that is not one of the document's markers", () => {
    const placed = { markerStart: "<!--piece-k-", pieces: [Buffer.from("<b>x</b>")] };
    for (const text of ["<p><!--piece-j-0--></p>", "<p><!--piece-k-7--></p>", "<p><!--piece-k-0</p>"]) {
      expect(shapeDocument(text, { stylesheetHref: null, css: null, placed })).toBe(text);
    }
  });
});

describe("React Router's scripts kept for a route set", () => {
  const contextScript = (nonce: string) => `<script nonce="${nonce}">window.__reactRouterContext = {"basename":"/"};window.__reactRouterContext.stream = 1;</script>`;
  const bootScript = (nonce: string) => `<script nonce="${nonce}" type="module" async="">import "/assets/a.js";</script>`;
  const written = (nonce: string) =>
    `<!DOCTYPE html><html><head><title>t</title><link rel="modulepreload" href="/assets/a.js" nonce="${nonce}"/></head>` +
    `<body><main>עגבניות</main><script nonce="${nonce}">scroll()</script>${contextScript(nonce)}${bootScript(nonce)}<script nonce="${nonce}">data()</script></body></html>`;
  const marked = (nonce: string) =>
    `<!DOCTYPE html><html><head><title>t</title></head><body><main>עגבניות</main><script nonce="${nonce}">scroll()</script>${ROUTER_SCRIPTS_MARKER}<script nonce="${nonce}">data()</script></body></html>`;

  it("keeps what <Scripts> wrote and writes it where the marker is, with the next response's nonce", () => {
    const first = shapeDocument(written("n1"), { stylesheetHref: "/assets/app-x.css", css: "p{}", scripts: { key: "routes-a", nonce: "n1", kept: null, marker: ROUTER_SCRIPTS_MARKER } });
    const kept = keptScriptsFor("routes-a");
    expect(kept).not.toBeNull();
    expect(kept!.contextCode).toBe('window.__reactRouterContext = {"basename":"/"};window.__reactRouterContext.stream = 1;');
    const next = shapeDocument(marked("n2"), { stylesheetHref: "/assets/app-x.css", css: "p{}", scripts: { key: "routes-a", nonce: "n2", kept, marker: ROUTER_SCRIPTS_MARKER } });
    expect(next).toBe(first.replaceAll("n1", "n2"));
    expect(next).toContain(`${contextScript("n2")}<script nonce="n2" data-scripts-after-paint="">`);
    expect(next).toContain('s.nonce="n2"');
    // The same as a document that was written in full with that nonce.
    expect(next).toBe(shapeDocument(written("n2"), { stylesheetHref: "/assets/app-x.css", css: "p{}" }));
  });

  it("keeps nothing that is not as React Router writes it, and writes no scripts where no marker is", () => {
    shapeDocument(written("n1").replace(contextScript("n1"), ""), { stylesheetHref: null, css: null, scripts: { key: "no-context", nonce: "n1", kept: null, marker: ROUTER_SCRIPTS_MARKER } });
    shapeDocument(written("n1"), { stylesheetHref: null, css: null, scripts: { key: "other-nonce", nonce: "n9", kept: null, marker: ROUTER_SCRIPTS_MARKER } });
    expect(keptScriptsFor("no-context")).toBeNull();
    expect(keptScriptsFor("other-nonce")).toBeNull();
    shapeDocument(written("n1"), { stylesheetHref: null, css: null, scripts: { key: "routes-b", nonce: "n1", kept: null, marker: ROUTER_SCRIPTS_MARKER } });
    const kept = keptScriptsFor("routes-b")!;
    const page = "<html><head><title>t</title></head><body><p>x</p></body></html>";
    expect(shapeDocument(page, { stylesheetHref: null, css: null, scripts: { key: "routes-b", nonce: "n2", kept, marker: ROUTER_SCRIPTS_MARKER } })).toBe(page);
  });

  it("are keyed by the matched routes, the parent path and the handoff, not by the last segment", () => {
    const context = (ids: string[], pathname: string, handoff = "{}") =>
      ({ staticHandlerContext: { matches: ids.map((id) => ({ route: { id } })), location: { pathname } }, serverHandoffString: handoff }) as unknown as Pick<EntryContext, "staticHandlerContext" | "serverHandoffString">;
    const deal = routerScriptsKey(context(["root", "routes/deal"], "/deals/cherry-tomatoes"));
    expect(routerScriptsKey(context(["root", "routes/deal"], "/deals/brown-mushrooms"))).toBe(deal);
    expect(routerScriptsKey(context(["root", "routes/not-found"], "/deals/cherry-tomatoes"))).not.toBe(deal);
    expect(routerScriptsKey(context(["root", "routes/deal"], "/other/cherry-tomatoes"))).not.toBe(deal);
    expect(routerScriptsKey(context(["root", "routes/deal"], "/deals/cherry-tomatoes", '{"ssr":false}'))).not.toBe(deal);
  });
});

describe("browserHoldsStylesheet", () => {
  it("is true only when the css cookie names this very file", () => {
    expect(browserHoldsStylesheet("css=app-x.css", "/assets/app-x.css")).toBe(true);
    expect(browserHoldsStylesheet("theme=dark; css=app-x.css; lng=he", "/assets/app-x.css")).toBe(true);
    // A file of an earlier build, another cookie ending in "css", none at all.
    expect(browserHoldsStylesheet("css=app-old.css", "/assets/app-x.css")).toBe(false);
    expect(browserHoldsStylesheet("mycss=app-x.css", "/assets/app-x.css")).toBe(false);
    expect(browserHoldsStylesheet("theme=dark", "/assets/app-x.css")).toBe(false);
    expect(browserHoldsStylesheet(null, "/assets/app-x.css")).toBe(false);
  });
});

describe("stylesheetText", () => {
  it("reads only built asset names", () => {
    expect(stylesheetText("/../../package.json")).toBeNull();
    expect(stylesheetText("/assets/none-such.css")).toBeNull();
  });
});
