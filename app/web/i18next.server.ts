import { createCookie } from "react-router";
import { createI18nextMiddleware } from "remix-i18next/middleware";
import { secureCookies } from "~/config.server";
import { translations } from "~/locales";

export const SUPPORTED_LANGUAGES = ["he", "en"] as const;

/** The chosen language; Hebrew unless a person picked English (settings, or ?lng=en). */
export const localeCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  // Secure like the session cookie (config.server.ts says when): not sent over plain HTTP.
  secure: secureCookies,
  maxAge: 60 * 60 * 24 * 365,
});

export { translations };

export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...SUPPORTED_LANGUAGES],
    fallbackLanguage: "he",
    cookie: localeCookie,
    // No Accept-Language: the product is Hebrew first, whatever the phone's setting.
    order: ["searchParams", "cookie"],
  },
  i18next: {
    resources: { he: { translation: translations.he }, en: { translation: translations.en } },
    fallbackLng: "he",
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  },
});
