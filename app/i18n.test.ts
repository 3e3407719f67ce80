import { describe, expect, it } from "vitest";
import { createInstance, type i18n } from "i18next";
import { isolateForeignText } from "./domain/bidi";
import { translatorFor } from "./services/i18n.server";
import { translations } from "./locales";
import { createTranslator, translatorForJson, type Locale } from "./translator";

/** i18next itself, set up as a page's strings are: the reference the translators must match. */
function pageI18next(locale: Locale): i18n {
  const instance = createInstance();
  void instance.init({ lng: locale, fallbackLng: false, resources: { [locale]: { translation: translations[locale] } }, initAsync: false, interpolation: { escapeValue: true, escape: (value: string) => isolateForeignText(value, locale) as string }, showSupportNotice: false });
  return instance;
}

/** i18next as the server's words were: both languages, Hebrew behind English, nothing escaped. */
function serverI18next(locale: Locale): i18n {
  const instance = createInstance();
  void instance.init({ lng: locale, fallbackLng: "he", resources: { he: { translation: translations.he }, en: { translation: translations.en } }, initAsync: false, interpolation: { escapeValue: false }, showSupportNotice: false });
  return instance;
}

const pageTranslator = (locale: Locale) => translatorForJson(locale, JSON.stringify(translations[locale]));

// The translator every screen renders with: Hebrew content inside an English sentence (and the
// other way round) keeps its own direction (issue #16: "פלורנטין – תל אביב's progress"; no
// possessive since #47: "Progress this week at …").
describe("translatorForJson", () => {
  it("isolates a Hebrew community name in an English sentence", () => {
    const { t } = pageTranslator("en");
    expect(t("shop.community.progressTitle", { name: "פלורנטין – תל אביב" })).toBe("Progress this week at \u2068פלורנטין – תל אביב\u2069");
    expect(t("shop.community.progressTitle", { name: "Florentin" })).toBe("Progress this week at Florentin");
  });

  it("isolates a Latin value in a Hebrew sentence and leaves Hebrew ones alone", () => {
    const { t } = pageTranslator("he");
    expect(t("shop.community.progressTitle", { name: "Florentin" })).toContain("\u2068Florentin\u2069");
    expect(t("shop.community.progressTitle", { name: "פלורנטין" })).not.toMatch(/[\u2066-\u2069]/);
  });

  it("makes one translator per language and JSON text, as the root sends it", () => {
    const json = JSON.stringify({ shop: translations.he.shop });
    const translator = translatorForJson("he", json);
    expect(translatorForJson("he", ` ${json}`.slice(1))).toBe(translator);
    expect(translatorForJson("en", json)).not.toBe(translator);
    expect(translator.exists("shop.community.progressTitle")).toBe(true);
    expect(translator.exists("nav.deals")).toBe(false);
  });
});

/** Every key of a nested translations object, with dots (a list's items too: "a.b.0"). */
function keysOf(tree: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([name, value]) =>
    value !== null && typeof value === "object" ? keysOf(value as Record<string, unknown>, `${prefix}${name}.`) : [`${prefix}${name}`],
  );
}

/** Every key whose value is a list or a group of texts (what screens read with `returnObjects`). */
function groupKeysOf(tree: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([name, value]) =>
    value !== null && typeof value === "object" ? [`${prefix}${name}`, ...groupKeysOf(value as Record<string, unknown>, `${prefix}${name}.`)] : [],
  );
}

type T = (key: string, options?: Record<string, unknown>) => unknown;

// Our translator answers without i18next; whatever it answers must be what i18next says.
describe("the translator gives i18next's text", () => {
  const PLURAL = /_(zero|one|two|few|many|other)$/;
  const samples = ["Florentin", "פלורנטין – תל אביב", "₪12.50", "3"];
  /** Every key of the language, with each sample for its values and with counts. */
  function expectI18nextText(instance: i18n, t: T, locale: Locale) {
    const tree = translations[locale] as Record<string, unknown>;
    const keys = [...new Set(keysOf(tree).map((key) => key.replace(PLURAL, "")))];
    let compared = 0;
    for (const key of keys) {
      const text = String(instance.getResource(locale, "translation", key) ?? instance.getResource(locale, "translation", `${key}_other`) ?? "");
      const names = [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]))];
      const calls: Record<string, unknown>[] = [];
      for (const sample of samples) calls.push(Object.fromEntries(names.map((name) => [name, sample])));
      for (const count of [0, 1, 2, 5, 11]) calls.push({ ...Object.fromEntries(names.map((name) => [name, samples[1]])), count });
      expect(t(key), `${locale} ${key}`).toBe(instance.t(key));
      for (const options of calls) expect(t(key, options), `${locale} ${key} ${JSON.stringify(options)}`).toBe(instance.t(key, options));
      compared += calls.length + 1;
    }
    for (const key of groupKeysOf(tree)) {
      const values = { name: samples[1], count: 2, minimum: samples[2] };
      expect(t(key, { returnObjects: true, ...values }), `${locale} ${key} as a whole`).toEqual(instance.t(key, { returnObjects: true, ...values }));
      expect(t(key), `${locale} ${key} not as a whole`).toBe(instance.t(key));
      compared += 2;
    }
    expect(compared).toBeGreaterThan(1000);
  }
  for (const locale of ["he", "en"] as const) {
    it(`for every ${locale} key on a page, with and without values, counts and lists`, () => {
      expectI18nextText(pageI18next(locale), pageTranslator(locale).t as unknown as T, locale);
    });
    it(`for every ${locale} key on the server too (loaders, /api answers, mails; nothing escaped)`, () => {
      expectI18nextText(serverI18next(locale), translatorFor(locale) as unknown as T, locale);
    });
  }

  it("for missing keys, missing values, values of other kinds and a default value", () => {
    const instance = pageI18next("en");
    const t = pageTranslator("en").t as unknown as T;
    for (const [key, options] of [
      ["no.such.key", undefined],
      ["shop.community.progressTitle", undefined],
      ["shop.community.progressTitle", {}],
      ["shop.community.progressTitle", { name: null }],
      ["shop.community.progressTitle", { name: true }],
      ["shop.community.progressTitle", { name: 12.5 }],
      ["no.such.key", { defaultValue: "fallback {{name}}", name: "Noa" }],
      ["shop", undefined],
    ] as const) {
      expect(t(key, options), `${key} ${JSON.stringify(options)}`).toBe(instance.t(key, options as Record<string, unknown>));
    }
  });

  it("for plural forms our files do not use yet: a count of nought, Hebrew's pair", () => {
    const texts = { items_zero: "none", items_one: "{{count}} item", items_two: "a pair", items_other: "{{count}} items", plain: "plain {{count}}" };
    for (const locale of ["he", "en"] as const) {
      const instance = createInstance();
      void instance.init({ lng: locale, fallbackLng: false, resources: { [locale]: { translation: texts } }, initAsync: false, interpolation: { escapeValue: false }, showSupportNotice: false });
      const t = createTranslator(locale, [texts], null).t as unknown as T;
      for (const count of [0, 1, 2, 3, 11, 1.5]) {
        for (const key of ["items", "plain"]) expect(t(key, { count }), `${locale} ${key} ${count}`).toBe(instance.t(key, { count }));
      }
    }
  });

  it("falls back to the languages after the first, as i18next's fallback language does", () => {
    const he = { only: "רק בעברית", both: "שניהם" };
    const en = { both: "both" };
    const instance = createInstance();
    void instance.init({ lng: "en", fallbackLng: "he", resources: { he: { translation: he }, en: { translation: en } }, initAsync: false, interpolation: { escapeValue: false }, showSupportNotice: false });
    const t = createTranslator("en", [en, he], null).t as unknown as T;
    expect(t("only")).toBe(instance.t("only"));
    expect(t("both")).toBe("both");
  });
});

// The translator reads `{{name}}` placeholders, plural forms and lists; i18next's other syntax
// would come out as written, so no text may use it.
describe("the locale files", () => {
  for (const locale of ["he", "en"] as const) {
    it(`use no nesting, unescaped or formatted values (${locale})`, () => {
      const tree = translations[locale] as Record<string, unknown>;
      for (const key of keysOf(tree)) {
        const text = String(createTranslator(locale, [tree], null).t(key));
        expect(text, key).not.toMatch(/\$t\(|\{\{-|\{\{[^}]*,[^}]*\}\}/);
      }
    });
  }
});
