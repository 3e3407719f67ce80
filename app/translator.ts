// Our words in the page's language, on the server and in the browser alike, without i18next
// (13.9 kB gzip of every first load in the browser). Our locale files use a small part of
// i18next's syntax: `{{name}}` placeholders, plural forms by count (`_one`, `_other`…, and
// `_zero` for a count of nought) and lists read whole (`returnObjects`). For that part this
// gives i18next's own answer, character for character: app/i18n.test.ts asks both for every key
// of both languages, and refuses texts with the rest (nesting, unescaped or formatted values).
import { isolateForeignText } from "./domain/bidi";

export type Locale = "he" | "en";

export function directionOf(locale: string): "rtl" | "ltr" {
  return locale === "he" ? "rtl" : "ltr";
}

type Tree = Readonly<Record<string, unknown>>;

/**
 * A text by its key, its values filled in (`count` picks the plural form); with
 * `returnObjects: true` a list or group of texts comes whole, which the caller casts.
 */
export type Translate = (key: string, options?: Readonly<Record<string, unknown>>) => string;

/** What a screen reads: the page's language, whether a text exists, and `t`. */
export interface Translator {
  readonly language: Locale;
  exists(key: string): boolean;
  readonly t: Translate;
}

/** A text split at its placeholders once: `parts` has one more entry than `names`. */
interface Template {
  parts: string[];
  names: string[];
  /** The placeholders as written, kept for a value not given (i18next leaves them). */
  written: string[];
}

const PLACEHOLDER = /\{\{(.+?)\}\}/g;

function compileTemplate(text: string): Template {
  const parts: string[] = [];
  const names: string[] = [];
  const written: string[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    parts.push(text.slice(last, match.index));
    names.push(match[1]!.trim());
    written.push(match[0]);
    last = match.index! + match[0].length;
  }
  parts.push(text.slice(last));
  return { parts, names, written };
}

function valueAt(tree: Tree, key: string): unknown {
  let node: unknown = tree;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Tree)[part];
  }
  return node;
}

/**
 * A translator over translation trees, the first one's language first and the others after it
 * (i18next's fallback languages). `escape` is applied to every value put into a text (the
 * page's bidi isolates; none for mails).
 */
export function createTranslator(language: Locale, trees: Tree[], escape: ((value: string) => string) | null): Translator {
  // Found values by key (a key is a literal of the code or built from one: bounded by the files).
  const found = new Map<string, unknown>();
  const templates = new Map<string, Template>();
  const plurals = new Intl.PluralRules(language);

  const lookup = (key: string): unknown => {
    const known = found.get(key);
    if (known !== undefined) return known;
    for (const tree of trees) {
      const value = valueAt(tree, key);
      if (value !== undefined) {
        found.set(key, value);
        return value;
      }
    }
    return undefined;
  };

  const fill = (text: string, values: Record<string, unknown> | undefined): string => {
    if (!values || !text.includes("{{")) return text;
    let template = templates.get(text);
    if (!template) templates.set(text, (template = compileTemplate(text)));
    let result = template.parts[0]!;
    for (let i = 0; i < template.names.length; i++) {
      const value = values[template.names[i]!];
      if (value === undefined) result += template.written[i];
      else {
        const asText = value === null ? "" : String(value);
        result += escape ? escape(asText) : asText;
      }
      result += template.parts[i + 1]!;
    }
    return result;
  };

  const fillAll = (value: unknown, values: Record<string, unknown> | undefined): unknown => {
    if (typeof value === "string") return fill(value, values);
    if (Array.isArray(value)) return value.map((item) => fillAll(item, values));
    if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, fillAll(item, values)]));
    return value;
  };

  const t = (key: string, options?: unknown): unknown => {
    const values = typeof options === "object" && options !== null ? (options as Record<string, unknown>) : undefined;
    let value: unknown;
    const count = values?.count;
    if (count !== undefined && typeof count !== "string") {
      if (count === 0) value = lookup(`${key}_zero`);
      value ??= lookup(`${key}_${plurals.select(Number(count))}`);
    }
    value ??= lookup(key);
    if (value === undefined) return values?.defaultValue !== undefined ? fill(String(values.defaultValue), values) : key;
    if (typeof value === "string") return fill(value, values);
    if (values?.returnObjects) return fillAll(value, values);
    return `key '${key} (${language})' returned an object instead of string.`;
  };

  return { language, exists: (key) => lookup(key) !== undefined, t: t as Translate };
}

/**
 * Translators by language, then by the JSON text of their translations: a translation file's
 * text (app/translation-files.ts). Keyed by the text itself, not by language and text joined: a
 * joined key was a new string of ~20 kB to copy, hash and compare on every render (016).
 */
const byJson = new Map<Locale, Map<string, Translator>>();

/** The translator made last: what a screen outside the root's provider reads (its error screen). */
let latest: Translator | null = null;
export const lastTranslator = (): Translator | null => latest;

/** The page's translator from its translation file's text: the same text, the same translator. */
export function translatorForJson(locale: Locale, json: string): Translator {
  let ofLocale = byJson.get(locale);
  if (!ofLocale) byJson.set(locale, (ofLocale = new Map()));
  let translator = ofLocale.get(json);
  if (!translator) {
    // A value in the other script goes in a bidi isolate; React escapes HTML itself.
    translator = createTranslator(locale, [JSON.parse(json) as Tree], (value) => isolateForeignText(value, locale) as string);
    ofLocale.set(json, translator);
    latest = translator;
  }
  return translator;
}
