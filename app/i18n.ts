import { createInstance, type i18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import { interpolationFor } from "./domain/bidi";

export type Locale = "he" | "en";

export function directionOf(locale: string): "rtl" | "ltr" {
  return locale === "he" ? "rtl" : "ltr";
}

/**
 * One instance per translations object: one per language and set of sections
 * (app/locales/sections.ts), so requests share a few instances (a screen only reads them;
 * nothing changes language in place).
 */
const cache = new WeakMap<object, i18n>();

/**
 * The i18next instance the React tree renders with, built synchronously from the page's
 * translation file, so the server render and the browser's hydration read the same text.
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

/**
 * Instances by language, then by the JSON text of their translations: a translation file's text
 * (app/translation-files.ts). Keyed by the text itself, not by language and text joined: a
 * joined key was a new string of ~20 kB to copy, hash and compare on every render (016).
 */
const byJson = new Map<Locale, Map<string, i18n>>();

/**
 * `i18nFor` from translations as JSON text: one JSON.parse in the browser, where an object of
 * ~400 keys in the loader data was a walk of every key on each side (016). The same text gives
 * the same instance, in the browser too, across navigations.
 */
export function i18nForJson(locale: Locale, json: string): i18n {
  let ofLocale = byJson.get(locale);
  if (!ofLocale) byJson.set(locale, (ofLocale = new Map()));
  let instance = ofLocale.get(json);
  if (!instance) {
    instance = i18nFor(locale, JSON.parse(json) as Resource[string]["translation"]);
    ofLocale.set(json, instance);
  }
  return instance;
}

/**
 * Options our screens pass that the fast path reads as placeholders; anything else (nesting,
 * context, default values, another language…) goes to i18next itself.
 */
const I18NEXT_OPTIONS = new Set(["context", "defaultValue", "lng", "lngs", "ns", "keyPrefix", "returnObjects", "returnDetails", "ordinal", "replace", "interpolation", "joinArrays", "postProcess", "fallbackLng", "nsSeparator", "keySeparator"]);
const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;
const PLAIN_NAME = /^\s*\w+\s*$/;

type TranslateFunction = i18n["t"];

/**
 * A text split at its placeholders once, so filling it in is a few joins rather than a regular
 * expression run over it on every call: `parts` has one more entry than `names`.
 */
interface Template {
  parts: string[];
  names: string[];
}

function compileTemplate(text: string): Template {
  const parts: string[] = [];
  const names: string[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    parts.push(text.slice(last, match.index));
    names.push(match[1]!.trim());
    last = match.index! + match[0].length;
  }
  parts.push(text.slice(last));
  return { parts, names };
}

/** Counts whose plural form is remembered per translator (a count is any number a page shows). */
const PLURAL_COUNTS_KEPT = 1_000;
const translators = new WeakMap<i18n, TranslateFunction>();

/**
 * `t` for a screen. i18next's own t() copies its whole options object and walks its resolver on
 * every call, which a profile of a signed-in /deals put at 13 % of the worker's CPU (decision
 * record 016); a page of 24 cards calls it hundreds of times with the same few keys. This one
 * resolves each key's text once per instance and fills in plain `{{name}}` placeholders (and
 * plural forms through i18next's own plural resolver) itself, escaping values the way the
 * instance's interpolation does (bidi isolates). Anything it does not handle, it hands to
 * i18next, so the answer is always i18next's (app/i18n.test.ts compares them on every key).
 */
export function translatorOf(instance: i18n): TranslateFunction {
  const existing = translators.get(instance);
  if (existing) return existing;
  const language = instance.language;
  const escape = instance.options.interpolation?.escapeValue === false ? null : instance.options.interpolation?.escape;
  const plainTexts = new Map<string, string>();
  const templates = new Map<string, Template | null>();
  // Intl.PluralRules' answer for a count, asked once per count (a page of cards asks the same few).
  const pluralSuffixes = new Map<number, string>();

  const templateOf = (key: string): Template | null => {
    let template = templates.get(key);
    if (template === undefined) {
      const resource = instance.getResource(language, "translation", key);
      // Nesting ($t(…)), unescaped ({{- x}}) and formatted ({{x, number}}) values: i18next's.
      const simple = typeof resource === "string" && !resource.includes("$t(") && [...resource.matchAll(PLACEHOLDER)].every((m) => PLAIN_NAME.test(m[1]));
      template = simple ? compileTemplate(resource as string) : null;
      templates.set(key, template);
    }
    return template;
  };

  const fill = ({ parts, names }: Template, values: Record<string, unknown>): string | null => {
    let text = parts[0]!;
    for (let i = 0; i < names.length; i++) {
      const value = values[names[i]!];
      if (value === undefined || value === null) return null;
      const asText = typeof value === "string" ? value : String(value);
      text += (escape ? escape(asText) : asText) + parts[i + 1]!;
    }
    return text;
  };

  const pluralSuffix = (count: number): string => {
    const known = pluralSuffixes.get(count);
    if (known !== undefined) return known;
    const suffix = String(instance.services.pluralResolver.getSuffix(language, count));
    if (pluralSuffixes.size < PLURAL_COUNTS_KEPT) pluralSuffixes.set(count, suffix);
    return suffix;
  };

  const fast = (key: unknown, options?: unknown): string | null => {
    if (typeof key !== "string") return null;
    if (options === undefined) {
      const known = plainTexts.get(key);
      if (known !== undefined) return known;
      const template = templateOf(key);
      if (template === null || template.names.length > 0) return null;
      plainTexts.set(key, template.parts[0]!);
      return template.parts[0]!;
    }
    if (typeof options !== "object" || options === null) return null;
    const values = options as Record<string, unknown>;
    for (const name in values) {
      const value = values[name];
      if (I18NEXT_OPTIONS.has(name) || (typeof value !== "string" && typeof value !== "number")) return null;
    }
    let resolvedKey = key;
    if ("count" in values) {
      const count = values.count;
      if (typeof count !== "number" || (count === 0 && instance.exists(`${key}_zero`))) return null;
      const plural = `${key}${pluralSuffix(count)}`;
      if (templateOf(plural) !== null) resolvedKey = plural;
      else if (instance.getResource(language, "translation", plural) !== undefined) return null;
    }
    const template = templateOf(resolvedKey);
    return template === null ? null : fill(template, values);
  };

  const t = ((key: unknown, options?: unknown, ...rest: unknown[]) => {
    if (rest.length === 0) {
      const text = fast(key, options);
      if (text !== null) return text;
    }
    return (instance.t as unknown as (...args: unknown[]) => unknown)(key, options, ...rest);
  }) as unknown as TranslateFunction;
  translators.set(instance, t);
  return t;
}
