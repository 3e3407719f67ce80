import { createContext, createElement, useContext, type HTMLAttributes, type ReactElement } from "react";
import type { i18n } from "i18next";
import { useTranslation } from "~/components/use-translation";
import { isFrozenObject, jsonOf } from "~/components/json-text";

/**
 * The HTML of a pure piece of a page, kept by the server and handed back while what it is made
 * from stays the same. React writes a page in thousands of small pieces (a tag, an attribute's
 * name, its value...) and pays for each one; a deal card is about 20 elements and 60
 * attributes, and a page of 24 of them was most of what a signed-in /deals cost to render and
 * write (decision record 016, session 11). A cached card is one string.
 *
 * Only the server render has one (entry.server.tsx provides `createMarkupCache()` from
 * markup-cache.server.tsx); in the browser there is none, and the same components render their
 * children as usual, which hydrate against the HTML the cache gave, element for element.
 */
export interface MarkupCache {
  /**
   * What the page writes for `element` rendered alone with the page's translations: its HTML,
   * or a marker the document's encoder replaces with it (markup-cache.server.tsx). `key` must
   * name everything the element's output depends on besides the translations: the same key,
   * the same HTML. Each `kind` of piece is kept apart, with its own room.
   */
  html(translations: i18n, kind: string, key: string, element: ReactElement): string;
}

/**
 * A frozen part of a key (a shared deal card, db/read-cache.server.ts) stands in it as a number:
 * equal texts, equal numbers, and a number is never reused. A card's key was its JSON, 500-1,000
 * characters that each of a page's 24 cards joined into a new string, and the store then copied
 * and hashed it to find the piece: about 5 % of a signed-in /deals (decision record 016, session
 * 20). A frozen object's number is looked up by identity; only a new object's text is hashed.
 */
const numberOfFrozen = new WeakMap<object, number>();
const numberOfText = new Map<string, number>();
/** Texts remembered; past it the oldest goes, and an equal object made later gets a new number (the piece is rendered again, once). */
const FROZEN_TEXTS_KEPT = 5_000;
let lastNumber = 0;

function frozenNumber(part: object): number {
  let number = numberOfFrozen.get(part);
  if (number !== undefined) return number;
  const text = jsonOf(part);
  number = numberOfText.get(text);
  if (number === undefined) {
    if (numberOfText.size >= FROZEN_TEXTS_KEPT) numberOfText.delete(numberOfText.keys().next().value as string);
    numberOfText.set(text, (number = ++lastNumber));
  }
  numberOfFrozen.set(part, number);
  return number;
}

/**
 * The text a cache key is kept under: each part's JSON, a frozen object's number instead ("#12";
 * no JSON starts with "#"), and a boolean, number or null as String() writes it (the same as
 * JSON but for NaN and the infinities, which JSON writes as null). A deal card's key has eleven
 * parts, most of them flags, and a page 24 cards: one call to JSON.stringify each was 2 % of a
 * signed-in /deals (decision record 016, session 27).
 */
export function cacheKeyText(key: readonly unknown[]): string {
  let text = "";
  for (let index = 0; index < key.length; index++) {
    const part = key[index];
    const written = part === null || typeof part === "boolean" || typeof part === "number" ? String(part) : isFrozenObject(part) ? `#${frozenNumber(part)}` : jsonOf(part);
    text = index === 0 ? written : `${text},${written}`;
  }
  return text;
}

const MarkupCacheContext = createContext<MarkupCache | null>(null);
export const MarkupCacheProvider = MarkupCacheContext.Provider;

/**
 * `<as {...attributes}>{children}</as>`, its children written from the server's markup cache
 * under `cacheKey` (null: rendered as usual). The children must be pure: no router hooks, no
 * state but one whose first value comes from what is in the key (the server only ever writes
 * that), no context but the translations; everything they show must be in `cacheKey`, whose
 * first part names the kind of piece. Links inside are AppLinks, forms inside plain forms with
 * `form=` buttons handled above (the deal grid does it for its cards).
 */
export function CachedMarkup({
  as,
  cacheKey,
  children,
  ...attributes
}: { as: "article" | "li" | "ul" | "div" | "footer" | "section" | "fieldset"; cacheKey: [kind: string, ...parts: unknown[]] | null; children: ReactElement } & HTMLAttributes<HTMLElement> & Record<`data-${string}`, string>) {
  const cache = useContext(MarkupCacheContext);
  const { i18n } = useTranslation();
  if (cache && cacheKey) {
    // The rest of the props is this call's own object: given the HTML in place, not copied with
    // it (a spread with one more property made a new hidden class for most pieces; decision
    // record 016, session 29).
    (attributes as HTMLAttributes<HTMLElement>).dangerouslySetInnerHTML = { __html: cache.html(i18n, cacheKey[0], cacheKeyText(cacheKey), children) };
    return createElement(as, attributes);
  }
  return createElement(as, attributes, children);
}
