// Translation outside a request (background jobs write notifications in the member's language).
import { createInstance, type TFunction } from "i18next";
import type { Language } from "~/db/schema";
import { translations } from "~/locales";

const translators = new Map<Language, TFunction>();

export function translatorFor(language: Language): TFunction {
  let t = translators.get(language);
  if (!t) {
    const instance = createInstance();
    instance.init({ lng: language, resources: { [language]: { translation: translations[language] } }, initAsync: false, interpolation: { escapeValue: false }, showSupportNotice: false });
    t = instance.t.bind(instance) as TFunction;
    translators.set(language, t);
  }
  return t;
}
