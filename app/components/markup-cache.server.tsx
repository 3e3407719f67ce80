import { randomBytes } from "node:crypto";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import type { i18n } from "i18next";
import { I18nextProvider } from "react-i18next";
import type { PlacedPieces } from "~/web/first-paint.server";
import { MarkupCacheProvider, type MarkupCache } from "./markup-cache";

/**
 * At most this many pieces of HTML per kind of piece (a deal card, an order row, a header...)
 * per worker, the least recently used out first (a piece moves up when it is used in the older
 * half of its kind). A card is 2-3 kB of HTML, a signed-in header's account part about 4 kB,
 * kept as UTF-8 bytes: a few megabytes a kind, enough for every card a few communities'
 * shoppers are looking at in the hour before a deadline. Each kind has its own: a thousand
 * shoppers' headers must not push the cards out.
 */
export const MARKUP_CACHE_ENTRIES = 2_000;

/**
 * And at most this many bytes of them per kind: a grid of 24 cards is one piece of about 50 kB
 * (deal-card.tsx), and 2,000 of those would be 100 MB a worker. Past it the least recently used
 * go until there is room.
 */
export const MARKUP_CACHE_BYTES_PER_KIND = 16 * 1024 * 1024;

/**
 * A key longer than this is rendered but not kept. A card's key is about 100 characters (its
 * deal, frozen, is a number: cacheKeyText), an order row's about 1,050 (the integration test's
 * pages). A guest's card carries the page's
 * address (where to come back after signing in), which a client can make as long as a request
 * line allows, and 2,000 of those would be hundreds of megabytes.
 */
export const MARKUP_CACHE_KEY_MAX = 4_096;

/** The <link> elements React writes before a piece rendered alone: resources it would hoist to a page's head. */
const HOISTED_LINKS = /^(?:<link [^>]*\/>)+/;

/** The worker's rendered pieces, each as the UTF-8 bytes a document sends. */
export interface MarkupStore {
  /** The HTML of `element` rendered alone with `translations`, kept under `kind` and `key` (MarkupCache.html). */
  piece(translations: i18n, kind: string, key: string, element: ReactElement): Buffer;
}

/**
 * The server's store of rendered pieces (markup-cache.tsx). A piece is rendered on its own by
 * React's renderToString, the same renderer as the page's (so the same markup, text separators
 * included), inside the translations provider, the one context a cached piece may read. A piece
 * may hold pieces of its own (a grid of cards holds its cards): they come from this store too,
 * so a grid seen for the first time renders only the cards not seen before.
 */
export function createMarkupStore(limit = MARKUP_CACHE_ENTRIES, bytesPerKind = MARKUP_CACHE_BYTES_PER_KIND): MarkupStore {
  const kinds = new Map<string, { entries: Map<string, { bytes: Buffer; stamp: number }>; bytes: number }>();
  /** Counts the pieces stored or moved up: a piece whose stamp is more than half the room behind may be next to go. */
  let stamp = 0;
  // Each translations instance is one language and set of sections (i18nForJson keeps one per
  // text), so its number stands for all of them in the key.
  const translationIds = new WeakMap<i18n, number>();
  let lastTranslationId = 0;
  // The pieces inside a piece are written into it as text: a piece is rendered once and kept.
  const inner: MarkupCache = { html: (translations, kind, key, element) => store.piece(translations, kind, key, element).toString("utf8") };
  // Rendered alone, a piece with a high-priority <img> would start with React's preload of it,
  // which belongs in the page's head: the piece's owner asks the page for it (DealGrid).
  const render = (translations: i18n, element: ReactElement) =>
    Buffer.from(
      renderToString(
        <I18nextProvider i18n={translations}>
          <MarkupCacheProvider value={inner}>{element}</MarkupCacheProvider>
        </I18nextProvider>,
      ).replace(HOISTED_LINKS, ""),
    );
  const store: MarkupStore = {
    piece(translations, kind, key, element) {
      if (key.length > MARKUP_CACHE_KEY_MAX) return render(translations, element);
      let room = kinds.get(kind);
      if (!room) kinds.set(kind, (room = { entries: new Map(), bytes: 0 }));
      const { entries } = room;
      let translationId = translationIds.get(translations);
      if (translationId === undefined) translationIds.set(translations, (translationId = ++lastTranslationId));
      const entryKey = `${translationId}\n${key}`;
      const kept = entries.get(entryKey);
      if (kept !== undefined) {
        // Most recently used goes last (a Map keeps insertion order), once it is in the older
        // half: a page's 24 cards were moved on every request, 1 % of a signed-in /deals.
        if (kept.stamp < stamp - limit / 2) {
          entries.delete(entryKey);
          kept.stamp = ++stamp;
          entries.set(entryKey, kept);
        }
        return kept.bytes;
      }
      const bytes = render(translations, element);
      if (bytes.byteLength > bytesPerKind) return bytes;
      while (entries.size >= limit || room.bytes + bytes.byteLength > bytesPerKind) {
        const [oldestKey, oldest] = entries.entries().next().value as [string, { bytes: Buffer }];
        entries.delete(oldestKey);
        room.bytes -= oldest.bytes.byteLength;
      }
      entries.set(entryKey, { bytes, stamp: ++stamp });
      room.bytes += bytes.byteLength;
      return bytes;
    },
  };
  return store;
}

/**
 * Unguessable, so no text in a document can pass for a marker. None can anyway: React and React
 * Router escape every `<` of a text, an attribute or the loader data, so `<!--` is only ever
 * written by a component as it is.
 */
const MARKER_START = `<!--piece-${randomBytes(12).toString("base64url")}-`;

/**
 * One document's markup cache. Each piece goes into React's output as a short marker, an HTML
 * comment, and its bytes wait here; the encoder writes them in the markers' places. React's
 * output is a rope of thousands of strings which V8 copies into one (two bytes a character,
 * Hebrew being outside Latin-1) before anything can read it, and that document was then
 * encoded to UTF-8 again: about 280 µs for a signed-in /deals, most of it its 24 cards, whose
 * bytes never change (decision record 016, session 17).
 */
export function documentMarkup(store: MarkupStore): MarkupCache & PlacedPieces {
  const pieces: Buffer[] = [];
  return {
    markerStart: MARKER_START,
    pieces,
    html(translations, kind, key, element) {
      pieces.push(store.piece(translations, kind, key, element));
      return `${MARKER_START}${pieces.length - 1}-->`;
    },
  };
}
