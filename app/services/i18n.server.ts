// Translation on the server: the request's words (loaders, actions, /api answers) and the words
// of mails and notifications written outside a request (background jobs, a checkout's mail).
// The same translator the pages use (app/translator.ts), over all of a language's texts, Hebrew
// behind English as i18next's fallback language was; values go in as they are (React escapes a
// page's, and mails are escaped where they become HTML).
import type { Language } from "~/db/schema";
import { translations } from "~/locales";
import { createTranslator, type Translate, type Translator } from "~/translator";

const translators = new Map<Language, Translator>();

/** The language's translator, made once. */
export function languageTranslator(language: Language): Translator {
  let translator = translators.get(language);
  if (!translator) {
    const trees = language === "he" ? [translations.he] : [translations[language], translations.he];
    translator = createTranslator(language, trees as Record<string, unknown>[], null);
    translators.set(language, translator);
  }
  return translator;
}

export function translatorFor(language: Language): Translate {
  return languageTranslator(language).t;
}
