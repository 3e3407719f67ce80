import { createElement as h, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { i18nFor } from "~/i18n";
import { translations } from "~/locales";
import { createRoutesStub } from "react-router";
import { DealCard, DealGrid, type DealCardData } from "./deal-card";
import { cacheKeyText, MarkupCacheProvider, type MarkupCache } from "./markup-cache";
import { deepFreeze } from "~/db/read-cache.server";
import { createMarkupStore, documentMarkup, MARKUP_CACHE_KEY_MAX, type MarkupStore } from "./markup-cache.server";
import { shapeDocument } from "~/web/first-paint.server";

const hebrew = i18nFor("he", { ...translations.he });
const english = i18nFor("en", { ...translations.en });

const deal: DealCardData = {
  id: "d-1",
  slug: "cherry-tomatoes",
  title: "עגבניות שרי",
  unit: "מארז 500 גרם",
  images: ["/images/produce/cherry-tomatoes.svg"],
  basePrice: 990,
  unitPrice: 792,
  savingsPercent: 20,
  isHot: false,
  quantityTiers: [
    { thresholdQty: 3, unitPrice: 890 },
    { thresholdQty: 6, unitPrice: 790 },
  ],
  groups: [{ id: "g-1" }],
  isFavorite: false,
} as DealCardData;

type CardProps = Parameters<typeof DealCard>[0];
const shopper: CardProps = { deal, signedIn: true, here: "/deals", addFormId: "_R_1_add", heartFormId: "_R_1_heart" };

/** Each differs from a card before it in one thing the card shows. */
const variants: CardProps[] = [
  shopper,
  { ...shopper, here: "/deals?page=2" },
  { ...shopper, signedIn: false },
  { ...shopper, signedIn: false, here: "/deals?page=2" },
  { ...shopper, deal: { ...deal, isFavorite: true } },
  { ...shopper, heart: true },
  { ...shopper, heart: false },
  { ...shopper, adding: true },
  { ...shopper, bulkFormId: "bulk" },
  { ...shopper, addFormId: "_R_2_add" },
  { ...shopper, heartFormId: "_R_2_heart" },
  { ...shopper, headingLevel: 2 },
  { ...shopper, deal: { ...deal, isHot: true } },
  { ...shopper, deal: { ...deal, savingsPercent: 0, unitPrice: 990 } },
  { ...shopper, deal: { ...deal, unitPrice: 750 } },
  { ...shopper, deal: { ...deal, quantityTiers: [] } },
  { ...shopper, deal: { ...deal, quantityTiers: [{ thresholdQty: 3, unitPrice: 880 }] } },
  { ...shopper, deal: { ...deal, title: "עגבניות שדה" } },
  { ...shopper, deal: { ...deal, slug: "field-tomatoes" } },
  { ...shopper, deal: { ...deal, unit: "ק״ג" } },
  { ...shopper, deal: { ...deal, images: [] } },
  { ...shopper, deal: { ...deal, groups: [{ id: "g-2" }] } },
  { ...shopper, deal: { ...deal, groups: [] } },
  { ...shopper, bulkFormId: "bulk", deal: { ...deal, groups: [] } },
  { ...shopper, deal: { ...deal, id: "d-2" } },
];

function render(element: ReactElement, cache: MarkupCache | null, i18n = hebrew) {
  return renderToString(h(I18nextProvider, { i18n }, cache ? h(MarkupCacheProvider, { value: cache }, element) : element));
}

/** As a document renders it from the store: markers in React's output, the pieces' bytes put in their places by the encoder. */
function renderFrom(store: MarkupStore, element: ReactElement, i18n = hebrew) {
  const placed = documentMarkup(store);
  return shapeDocument(render(element, placed, i18n), { stylesheetHref: null, css: null, placed }).toString("utf8");
}

describe("deal cards from the markup cache", () => {
  it("are the HTML React writes for the card without the cache, for every change of what it shows", () => {
    const store = createMarkupStore();
    // Twice over: the first round fills the cache, the second is answered from it. A key that
    // left out something the card shows would hand a later variant an earlier one's HTML.
    for (let round = 0; round < 2; round++) {
      for (const [index, props] of variants.entries()) {
        expect(renderFrom(store, h(DealCard, props)), `variant ${index}, round ${round}`).toBe(render(h(DealCard, props), null));
      }
    }
    expect(new Set(variants.map((props) => render(h(DealCard, props), null))).size).toBeGreaterThan(variants.length - 3);
  });

  it("are still each variant's own HTML when their deals are frozen, as the server shares them (a deal stands in the key as a number)", () => {
    const store = createMarkupStore();
    for (let round = 0; round < 2; round++) {
      for (const [index, props] of variants.entries()) {
        // A new frozen copy each round: equal deals must find the piece the first one left.
        const frozen = { ...props, deal: deepFreeze(structuredClone(props.deal)) };
        expect(renderFrom(store, h(DealCard, frozen)), `variant ${index}, round ${round}`).toBe(render(h(DealCard, props), null));
      }
    }
  });

  it("show a title that reads like a marker as text: no text can pass for one", () => {
    const { markerStart } = documentMarkup(createMarkupStore());
    const forged = { ...shopper, deal: { ...deal, title: `${markerStart}0--> <!--x-->` } };
    const html = renderFrom(createMarkupStore(), h(DealCard, forged));
    expect(html).toBe(render(h(DealCard, forged), null));
    expect(html).toContain("&lt;!--piece-");
  });

  it("offer a box to tick in bulk mode only for a deal with an open group (cart.server.ts refuses a line without one)", () => {
    const bulk = { ...shopper, bulkFormId: "bulk" };
    expect(render(h(DealCard, bulk), null)).toContain('value="d-1:g-1"');
    expect(render(h(DealCard, { ...bulk, deal: { ...deal, groups: [] } }), null)).not.toContain('data-testid="bulk-select"');
  });

  it("are kept apart per language", () => {
    const store = createMarkupStore();
    expect(renderFrom(store, h(DealCard, shopper), hebrew)).toBe(render(h(DealCard, shopper), null, hebrew));
    expect(renderFrom(store, h(DealCard, shopper), english)).toBe(render(h(DealCard, shopper), null, english));
    expect(render(h(DealCard, shopper), null, english)).not.toBe(render(h(DealCard, shopper), null, hebrew));
  });

});

type GridProps = Parameters<typeof DealGrid>[0];

/** A grid on a page at `here`, as a route renders it (the grid reads the location and the fetchers). */
function onPage(props: GridProps, here = "/deals") {
  const Stub = createRoutesStub([{ path: "/deals", Component: () => h(DealGrid, props) }]);
  return h(Stub, { initialEntries: [here] });
}

const other = { ...deal, id: "d-2", slug: "cucumbers", title: "מלפפונים", isFavorite: true } as DealCardData;
const shopperGrid: GridProps = { deals: [deal, other], signedIn: true };

/** Each differs from a grid before it in one thing it shows. */
const gridVariants: [GridProps, string?][] = [
  [shopperGrid],
  [shopperGrid, "/deals?page=2"],
  [{ ...shopperGrid, signedIn: false }],
  [{ ...shopperGrid, signedIn: false }, "/deals?category=fruits"],
  [{ ...shopperGrid, priorityFirst: false }],
  [{ ...shopperGrid, headingLevel: 2 }],
  [{ ...shopperGrid, bulkFormId: "bulk" }],
  [{ ...shopperGrid, deals: [other, deal] }],
  [{ ...shopperGrid, deals: [deal] }],
  [{ ...shopperGrid, deals: [] }],
];

describe("a grid of deal cards from the markup cache", () => {
  it("is the HTML React writes for the grid without the cache, its cards from the cache inside it, for every change of what it shows", () => {
    const store = createMarkupStore();
    for (let round = 0; round < 2; round++) {
      for (const [index, [props, here]] of gridVariants.entries()) {
        // Frozen, as the server's kept lists are; a new copy each round stands in the key as the same number.
        const frozen = { ...props, deals: deepFreeze(structuredClone(props.deals)) };
        expect(renderFrom(store, onPage(frozen, here)), `variant ${index}, round ${round}`).toBe(render(onPage(props, here), null));
      }
    }
    expect(new Set(gridVariants.map(([props, here]) => render(onPage(props, here), null))).size).toBe(gridVariants.length);
  });

  it("takes a new grid's cards from the store one by one: a card seen in another grid is not rendered again", () => {
    const store = createMarkupStore();
    const own = store.piece;
    const handed: { kind: string; bytes: Buffer }[] = [];
    store.piece = (translations, kind, key, element) => {
      const bytes = own(translations, kind, key, element);
      handed.push({ kind, bytes });
      return bytes;
    };
    const frozen = (deals: DealCardData[]) => ({ ...shopperGrid, deals: deepFreeze(structuredClone(deals)), priorityFirst: false });
    renderFrom(store, onPage(frozen([deal, other])));
    renderFrom(store, onPage(frozen([other, deal])));
    // A grid's cards are asked for while the grid renders, before the grid's piece is handed back.
    expect(handed.map(({ kind }) => kind)).toEqual(["deal-card", "deal-card", "deal-grid", "deal-card", "deal-card", "deal-grid"]);
    // The second grid is another piece, made of the first grid's cards' very bytes.
    expect(handed[5]!.bytes).not.toBe(handed[2]!.bytes);
    expect(handed[3]!.bytes).toBe(handed[1]!.bytes);
    expect(handed[4]!.bytes).toBe(handed[0]!.bytes);
  });

  it("preloads its first card's picture from the page, as React would for the <img>, with the grid from the cache", () => {
    const asked: string[] = [];
    const marker: MarkupCache = {
      html(_translations, kind) {
        asked.push(kind);
        return "<b>from the cache</b>";
      },
    };
    const first = render(onPage(shopperGrid), marker);
    expect(first).toContain("<b>from the cache</b>");
    const link = /<link rel="preload"[^>]*>/.exec(first)?.[0] ?? "";
    for (const attribute of ['as="image"', `href="${deal.images[0]}"`, 'fetchPriority="high"']) expect(link).toContain(attribute);
    // A picture without widths to choose from (the seeded SVGs) needs no sizes, here or on the
    // <img>; an upload's has them, and the preload says them as the <img> does.
    expect(link).not.toContain("imageSizes=");
    expect(render(onPage(shopperGrid), null)).not.toContain("sizes=");
    const upload = { ...shopperGrid, deals: [{ ...deal, images: ["/uploads/deals/0123456789abcdef0123456789abcdef.jpg"] }] };
    const uploadLink = /<link rel="preload"[^>]*>/.exec(render(onPage(upload), marker))?.[0] ?? "";
    for (const attribute of ["imageSrcSet=", "imageSizes="]) expect(uploadLink).toContain(attribute);
    expect(render(onPage(upload), null)).toMatch(/<img[^>]* srcSet="[^"]+" sizes="[^"]+"/);
    // Below the fold (home's lists): nothing preloaded, the first picture lazy like the rest.
    expect(render(onPage({ ...shopperGrid, priorityFirst: false }), marker)).not.toContain('rel="preload"');
    expect(render(onPage({ ...shopperGrid, priorityFirst: false }), null)).not.toContain('fetchPriority="high"');
    expect(asked).toEqual(["deal-grid", "deal-grid", "deal-grid"]);
    // The first card's own HTML says so: eager, high priority.
    expect(render(h(DealCard, { ...shopper, priority: true }), null)).toContain('fetchPriority="high"');
  });
});

describe("cacheKeyText", () => {
  it("writes a frozen part as a number, the same for equal frozen values and another for a different one", () => {
    const first = deepFreeze({ id: "d-1", title: "עגבניות" });
    const equal = deepFreeze({ id: "d-1", title: "עגבניות" });
    const other = deepFreeze({ id: "d-1", title: "מלפפונים" });
    expect(cacheKeyText(["card", first, true])).toMatch(/^"card",#\d+,true$/);
    expect(cacheKeyText(["card", equal, true])).toBe(cacheKeyText(["card", first, true]));
    expect(cacheKeyText(["card", other, true])).not.toBe(cacheKeyText(["card", first, true]));
    expect(cacheKeyText(["card", first, false])).not.toBe(cacheKeyText(["card", first, true]));
  });

  it("writes every other part as its JSON, so a text that looks like a number stays apart from one", () => {
    const frozen = deepFreeze({ id: "d-1" });
    const number = cacheKeyText(["card", frozen]).split(",")[1];
    expect(cacheKeyText(["card", { id: "d-1" }, null, "/deals?page=2"])).toBe('"card",{"id":"d-1"},null,"/deals?page=2"');
    expect(cacheKeyText(["card", number])).not.toBe(cacheKeyText(["card", frozen]));
  });
});

/** A cache of `limit` pieces a kind whose pieces count their renders: `<i>key</i>` for a key. */
function countingCache(limit: number) {
  const counted = { renders: 0 };
  function Counted({ label }: { label: string }) {
    counted.renders++;
    return h("i", null, label);
  }
  const store = createMarkupStore(limit);
  return Object.assign(counted, { html: (kind: string, key: string) => store.piece(hebrew, kind, key, h(Counted, { label: key })).toString("utf8") });
}

describe("createMarkupStore", () => {
  it("renders a key once and lets the least recently used go when full (a piece used in the older half moves up)", () => {
    const counting = countingCache(4);
    const html = (key: string) => counting.html("test", key);
    for (const key of ["a", "b", "c", "d"]) expect(html(key)).toBe(`<i>${key}</i>`);
    expect(html("a")).toBe("<i>a</i>");
    expect(counting.renders).toBe(4);
    html("e"); // full: "b" was used longest ago, "a" was used since
    expect(counting.renders).toBe(5);
    for (const key of ["a", "c", "d", "e"]) html(key);
    expect(counting.renders).toBe(5);
    html("b");
    expect(counting.renders).toBe(6);
  });

  it("renders a piece with an overlong key every time and keeps nothing of it", () => {
    let renders = 0;
    function Counted() {
      renders++;
      return h("i", null, "x");
    }
    const store = createMarkupStore(2);
    store.piece(hebrew, "test", "kept", h(Counted));
    const long = "x".repeat(MARKUP_CACHE_KEY_MAX + 1);
    expect(store.piece(hebrew, "test", long, h(Counted)).toString()).toBe("<i>x</i>");
    expect(store.piece(hebrew, "test", long, h(Counted)).toString()).toBe("<i>x</i>");
    expect(renders).toBe(3);
    // The short key's piece is still there: the long one took no place.
    store.piece(hebrew, "test", "kept", h(Counted));
    expect(renders).toBe(3);
  });

  it("keeps out of a piece the preload React writes for a high-priority picture rendered alone (the page's head has it)", () => {
    const store = createMarkupStore();
    const picture = h("img", { src: "/images/produce/cucumbers.svg", alt: "", fetchPriority: "high" });
    expect(renderToString(picture)).toMatch(/^<link rel="preload"/);
    expect(store.piece(hebrew, "test", "picture", picture).toString()).toBe('<img src="/images/produce/cucumbers.svg" alt="" fetchPriority="high"/>');
  });

  it("holds no more bytes of a kind than its room: the oldest go until a new piece fits, and a piece larger than the room is not kept", () => {
    let renders = 0;
    function Sized({ size }: { size: number }) {
      renders++;
      return h("i", null, "x".repeat(size));
    }
    // Room for 100 bytes of a kind; "<i></i>" is 7 of each piece.
    const store = createMarkupStore(100, 100);
    const piece = (key: string, size: number) => store.piece(hebrew, "test", key, h(Sized, { size })).byteLength;
    expect(piece("a", 33)).toBe(40);
    expect(piece("b", 33)).toBe(40);
    expect(renders).toBe(2);
    piece("c", 33); // 120 bytes: "a", the oldest, goes
    piece("b", 33);
    piece("c", 33);
    expect(renders).toBe(3);
    piece("a", 33);
    expect(renders).toBe(4);
    expect(piece("huge", 200)).toBe(207);
    expect(piece("huge", 200)).toBe(207);
    expect(renders).toBe(6);
  });

  it("gives each kind of piece its own room: many of one kind push out none of another", () => {
    const counting = countingCache(2);
    counting.html("card", "a");
    counting.html("card", "b");
    for (const key of ["1", "2", "3", "4"]) counting.html("header", key);
    expect(counting.renders).toBe(6);
    expect(counting.html("card", "a")).toBe("<i>a</i>");
    expect(counting.html("card", "b")).toBe("<i>b</i>");
    expect(counting.renders).toBe(6);
    // The same key under another kind is another piece.
    expect(counting.html("header", "a")).toBe("<i>a</i>");
    expect(counting.renders).toBe(7);
  });
});
