// Translation outside a request (background jobs write notifications in the member's language,
// a checkout writes its mail): one i18next instance per language, answered through the fast
// translator the pages use (app/i18n.ts, translatorOf), which gives i18next's text for every key
// without i18next's per-call work (i18next's t() was a quarter of composing a checkout's mail).
import { createInstance, type i18n, type TFunction } from "i18next";
import type { Language } from "~/db/schema";
import { translatorOf } from "~/i18n";
import { translations } from "~/locales";

const instances = new Map<Language, i18n>();

/** The language's i18next instance, made once: plain text (mails and notifications escape nothing). */
export function i18nextFor(language: Language): i18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = createInstance();
    void instance.init({ lng: language, resources: { [language]: { translation: translations[language] } }, initAsync: false, interpolation: { escapeValue: false }, showSupportNotice: false });
    instances.set(language, instance);
  }
  return instance;
}

export function translatorFor(language: Language): TFunction {
  return translatorOf(i18nextFor(language)) as TFunction;
}
