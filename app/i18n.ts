// The server's i18next instances (remix-i18next's middleware for loaders and actions, and the
// mails' own, services/i18n.server.ts) answered through the translator the pages use
// (translator.ts). i18next's own t() copies its whole options object and walks its resolver on
// every call, which a profile of a signed-in /deals put at 13 % of the worker's CPU, and its t()
// was a quarter of composing a checkout's mail (decision record 016).
import type { i18n } from "i18next";
import { createTranslator, type Locale } from "./translator";

const translators = new WeakMap<i18n, i18n["t"]>();

/** The instance's `t`: its language's texts first, then its fallback languages', as i18next reads them. */
export function translatorOf(instance: i18n): i18n["t"] {
  const existing = translators.get(instance);
  if (existing) return existing;
  const trees = instance.languages.map((language) => instance.getResourceBundle(language, "translation") as Record<string, unknown> | undefined).filter((tree) => tree !== undefined);
  const interpolation = instance.options.interpolation;
  const escape = interpolation?.escapeValue === false ? null : (interpolation?.escape ?? null);
  const t = createTranslator(instance.language as Locale, trees, escape).t;
  translators.set(instance, t);
  return t;
}
