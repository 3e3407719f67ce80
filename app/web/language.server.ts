import { createContext, createCookie, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { secureCookies } from "~/config.server";
import { resolveLanguage } from "~/domain/language";
import { translations } from "~/locales";
import { languageTranslator } from "~/services/i18n.server";
import type { Translator } from "~/translator";

export const SUPPORTED_LANGUAGES = ["he", "en"] as const;

/** The chosen language: the header's or footer's switch, settings, or a sign-in (her saved one). */
export const localeCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  // Secure like the session cookie (config.server.ts says when): not sent over plain HTTP.
  secure: secureCookies,
  maxAge: 60 * 60 * 24 * 365,
});

export { translations };

const localeContext = createContext<string>();
const translatorContext = createContext<Translator>();

/**
 * The request's language: ?lng=, then the lng cookie, then a browser asking for English before
 * Hebrew (issue #47), else Hebrew (domain/language.ts). The guest cache keys pages by the same
 * rule (server/guest-cache.ts), so a cached English page only ever meets an English request.
 */
export const languageMiddleware: MiddlewareFunction<Response> = async ({ request, url, context }, next) => {
  const locale = resolveLanguage({
    query: url.searchParams.get("lng"),
    cookie: await localeCookie.parse(request.headers.get("Cookie")),
    acceptLanguage: request.headers.get("Accept-Language"),
  });
  context.set(localeContext, locale);
  context.set(translatorContext, languageTranslator(locale));
  return next();
};

export const getLocale = (context: Readonly<RouterContextProvider>): string => context.get(localeContext);
/** The request's translator: its language's texts, Hebrew behind them (app/translator.ts). */
export const getTranslator = (context: Readonly<RouterContextProvider>): Translator => context.get(translatorContext);

/** The request's `t`. */
export const getTranslate = (context: Readonly<RouterContextProvider>): Translator["t"] => context.get(translatorContext).t;
