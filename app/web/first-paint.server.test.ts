import { describe, expect, it } from "vitest";
import { browserHoldsStylesheet, FirstPaintShapeError, shapeDocument as shapeBytes, stylesheetText } from "./first-paint.server";

/** shapeDocument on a document written here as text, its answer read back as text. */
const shapeDocument = (html: string, options: Parameters<typeof shapeBytes>[1]) => shapeBytes(Buffer.from(html), options).toString("utf8");

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
    expect(body).toContain('var hrefs=["/assets/a.js","/assets/b.js"]');
    expect(body).toContain('s.nonce="n"');
    expect(body).toContain('s.textContent="import \\"/assets/a.js\\";"');
    expect(body).toContain('img[fetchpriority="high"]');
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

  it("adds a few module preloads a task, and the module script after the last", () => {
    const hrefs = Array.from({ length: 8 }, (_, i) => `/assets/m${i}.js`);
    const many = doc.replace(/<link rel="modulepreload"[^>]*\/>/g, "").replace("</head>", `${hrefs.map((href) => `<link rel="modulepreload" href="${href}" nonce="n"/>`).join("")}</head>`);
    const html = shapeDocument(many, { stylesheetHref: null, css: null });
    const code = /data-scripts-after-paint="">([^]*?)<\/script>/.exec(html)![1]!;
    // The browser's side, as little of it as the starter touches; each task runs to its end.
    const added: { rel?: string; href?: string; type?: string; textContent?: string }[] = [];
    const tasks: (() => void)[] = [];
    const addedPerTask: number[] = [];
    const element = () => ({});
    const document = {
      createElement: element,
      querySelector: () => null,
      head: { appendChild: (node: (typeof added)[number]) => added.push(node) },
      body: { appendChild: (node: (typeof added)[number]) => added.push(node) },
    };
    const browser = { document, requestAnimationFrame: (run: () => void) => tasks.push(run), setTimeout: (run: () => void) => tasks.push(run) };
    new Function(...Object.keys(browser), code)(...Object.values(browser));
    while (tasks.length) {
      const before = added.length;
      tasks.shift()!();
      addedPerTask.push(added.length - before);
    }
    expect(added.filter((node) => node.rel === "modulepreload").map((node) => node.href)).toEqual(hrefs);
    expect(Math.max(...addedPerTask)).toBeLessThanOrEqual(3);
    expect(added.at(-1)).toMatchObject({ type: "module", textContent: 'import "/assets/a.js";' });
  });

  it("throws, rather than passing over, a document React Router wrote in another shape", () => {
    expect(() => shapeDocument("<p>x</p>", { stylesheetHref: "/a.css", css: "x" })).toThrow(FirstPaintShapeError);
    // Preloads without the module script, or a module script written otherwise.
    expect(() => shapeDocument(doc.replace(/<script nonce="n" type="module"[^]*?<\/script>/, ""), { stylesheetHref: null, css: null })).toThrow(FirstPaintShapeError);
    expect(() => shapeDocument(doc.replace('<script nonce="n" type="module" async="">', '<script type="module" async="" nonce="n">'), { stylesheetHref: null, css: null })).toThrow(FirstPaintShapeError);
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
