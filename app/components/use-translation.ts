// Our useTranslation: the page's translator (app/translator.ts), which the root provides from
// the page's translation file, on the server and in the browser alike. react-i18next's own hook
// copied the whole i18next instance on every call during a server render (issue #6), and
// i18next itself was 13.9 kB gzip of every first load; we never change language in place (a new
// language is a new translation file), so a screen needs only the translator from context.
import { createContext, createElement, useContext, type ReactNode } from "react";
import { lastTranslator, type Translate, type Translator } from "~/translator";

const TranslatorContext = createContext<Translator | null>(null);

/** Gives the screens below it the page's translator. */
export function TranslationProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return createElement(TranslatorContext.Provider, { value: translator }, children);
}

const keysAsTheyAre: Translator = { language: "he", exists: () => false, t: ((key: string) => key) as Translate };
const notReady = { t: keysAsTheyAre.t, i18n: keysAsTheyAre, ready: false };

export function useTranslation(): { t: Translate; i18n: Translator; ready: boolean } {
  // Outside the provider (the root's error screen, when the root loader failed): the last
  // translator made, as react-i18next did with its instances, or none (`ready` false, and that
  // screen writes its own fallback words).
  const translator = useContext(TranslatorContext) ?? lastTranslator();
  if (!translator) return notReady;
  return { t: translator.t, i18n: translator, ready: true };
}
