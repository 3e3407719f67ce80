import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import type { i18n } from "i18next";
import { I18nextProvider } from "react-i18next";
import type { MarkupCache } from "./markup-cache";

/**
 * At most this many pieces of HTML per worker, the least recently used out first. A card is
 * 2-3 kB of HTML (4-6 kB as a JavaScript string): a few megabytes in all, enough for every card
 * a few communities' shoppers are looking at in the hour before a deadline.
 */
export const MARKUP_CACHE_ENTRIES = 2_000;

/**
 * The server's cache of rendered pieces (markup-cache.tsx). A piece is rendered on its own by
 * React's renderToString, the same renderer as the page's (so the same markup, text separators
 * included), inside the translations provider, the one context a cached piece may read.
 */
export function createMarkupCache(limit = MARKUP_CACHE_ENTRIES): MarkupCache {
  const entries = new Map<string, string>();
  // Each translations instance is one language and set of sections (i18nForJson keeps one per
  // text), so its number stands for all of them in the key.
  const translationIds = new WeakMap<i18n, number>();
  let lastTranslationId = 0;
  return {
    html(translations: i18n, key: string, element: ReactElement) {
      let translationId = translationIds.get(translations);
      if (translationId === undefined) translationIds.set(translations, (translationId = ++lastTranslationId));
      const entryKey = `${translationId}\n${key}`;
      let html = entries.get(entryKey);
      if (html !== undefined) {
        // Most recently used goes last: a Map keeps insertion order.
        entries.delete(entryKey);
      } else {
        html = renderToString(<I18nextProvider i18n={translations}>{element}</I18nextProvider>);
        if (entries.size >= limit) entries.delete(entries.keys().next().value as string);
      }
      entries.set(entryKey, html);
      return html;
    },
  };
}
