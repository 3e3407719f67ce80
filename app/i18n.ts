import { createInstance, type i18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";

export type Locale = "he" | "en";

export function directionOf(locale: string): "rtl" | "ltr" {
  return locale === "he" ? "rtl" : "ltr";
}

const cache = new Map<string, i18n>();

/**
 * The i18next instance the React tree renders with, built synchronously from the translations
 * the root loader sent, so the server render and the browser's hydration read the same text.
 */
export function i18nFor(locale: Locale, translation: Resource[string]["translation"]): i18n {
  const cached = cache.get(locale);
  if (cached && cached.getResourceBundle(locale, "translation") === translation) return cached;
  const instance = createInstance();
  instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation } },
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    showSupportNotice: false,
  });
  // On the server every request brings its own copy; only the browser benefits from a cache.
  if (typeof document !== "undefined") cache.set(locale, instance);
  return instance;
}
