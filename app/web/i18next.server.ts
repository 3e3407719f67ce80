import { createInstance, type i18n } from "i18next";
import { createContext, createCookie, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { secureCookies } from "~/config.server";
import { resolveLanguage } from "~/domain/language";
import { translatorOf } from "~/i18n";
import { translations } from "~/locales";

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

/**
 * One i18next instance per language for the whole process. remix-i18next's own middleware
 * creates and initialises a new instance on every request (i18next's create() and init() were
 * 5 % of a checkout's CPU, decision record 016); nothing here changes an instance's language or
 * resources after it is made, so requests can share them.
 */
const instances = new Map<string, i18n>();
function instanceFor(locale: string): i18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createInstance({
      resources: { he: { translation: translations.he }, en: { translation: translations.en } },
      lng: locale,
      fallbackLng: "he",
      interpolation: { escapeValue: false },
      initAsync: false,
      showSupportNotice: false,
    });
    void instance.init();
    instances.set(locale, instance);
  }
  return instance;
}

const localeContext = createContext<string>();
const instanceContext = createContext<i18n>();

/**
 * The request's language: ?lng=, then the lng cookie, then a browser asking for English before
 * Hebrew (issue #47), else Hebrew (domain/language.ts). The guest cache keys pages by the same
 * rule (server/guest-cache.ts), so a cached English page only ever meets an English request.
 */
export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, url, context }, next) => {
  const locale = resolveLanguage({
    query: url.searchParams.get("lng"),
    cookie: await localeCookie.parse(request.headers.get("Cookie")),
    acceptLanguage: request.headers.get("Accept-Language"),
  });
  context.set(localeContext, locale);
  context.set(instanceContext, instanceFor(locale));
  return next();
};

export const getLocale = (context: Readonly<RouterContextProvider>): string => context.get(localeContext);
export const getInstance = (context: Readonly<RouterContextProvider>): i18n => context.get(instanceContext);

/**
 * The request's `t`: the instance's, through the translator the screens use (i18n.ts), which
 * writes a plain text or `{{name}}` template itself. i18next's own t() took 10-18 µs a call,
 * about 1 % of a signed-in deal page for its loader's title (decision record 016, session 29).
 */
export const getTranslate = (context: Readonly<RouterContextProvider>): i18n["t"] => translatorOf(context.get(instanceContext));
