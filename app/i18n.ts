import { createInstance, type i18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import { interpolationFor } from "./domain/bidi";

export type Locale = "he" | "en";

export function directionOf(locale: string): "rtl" | "ltr" {
  return locale === "he" ? "rtl" : "ltr";
}

/**
 * One instance per translations object. On the server the root loader hands out one object per
 * language and set of sections (app/locales/sections.ts), so requests share a few instances (a
 * screen only reads them; nothing changes language in place). In the browser each root data
 * load brings a new object, and so a new instance, as before.
 */
const cache = new WeakMap<object, i18n>();

/**
 * The i18next instance the React tree renders with, built synchronously from the translations
 * the root loader sent, so the server render and the browser's hydration read the same text.
 */
export function i18nFor(locale: Locale, translation: Resource[string]["translation"]): i18n {
  // The root loader always sends an object of sections (a bare string is not a bundle).
  const key = translation as object;
  const cached = cache.get(key);
  if (cached) return cached;
  const instance = createInstance();
  instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation } },
    initAsync: false,
    // React escapes HTML; values of the other script go in a bidi isolate (domain/bidi.ts).
    interpolation: interpolationFor(locale),
    react: { useSuspense: false },
    showSupportNotice: false,
  });
  cache.set(key, instance);
  return instance;
}
