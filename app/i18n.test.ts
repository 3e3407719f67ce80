import { describe, expect, it } from "vitest";
import type { i18n } from "i18next";
import { i18nFor, i18nForJson, translatorOf } from "./i18n";
import { i18nextFor, translatorFor } from "./services/i18n.server";
import { translations } from "./locales";

// The instance every screen renders with: Hebrew content inside an English sentence (and the
// other way round) keeps its own direction (issue #16: "פלורנטין – תל אביב's progress"; no
// possessive since #47: "Progress this week at …").
describe("i18nFor", () => {
  it("isolates a Hebrew community name in an English sentence", () => {
    const { t } = i18nFor("en", { ...translations.en });
    expect(t("shop.community.progressTitle", { name: "פלורנטין – תל אביב" })).toBe("Progress this week at \u2068פלורנטין – תל אביב\u2069");
    expect(t("shop.community.progressTitle", { name: "Florentin" })).toBe("Progress this week at Florentin");
  });

  it("isolates a Latin value in a Hebrew sentence and leaves Hebrew ones alone", () => {
    const { t } = i18nFor("he", { ...translations.he });
    expect(t("shop.community.progressTitle", { name: "Florentin" })).toContain("\u2068Florentin\u2069");
    expect(t("shop.community.progressTitle", { name: "פלורנטין" })).not.toMatch(/[\u2066-\u2069]/);
  });

  it("builds one instance per language and JSON text, as the root loader sends it", () => {
    const json = JSON.stringify({ shop: translations.he.shop });
    const instance = i18nForJson("he", json);
    expect(i18nForJson("he", ` ${json}`.slice(1))).toBe(instance);
    expect(i18nForJson("en", json)).not.toBe(instance);
    expect(instance.t("shop.community.progressTitle", { name: "פלורנטין" })).toBe(i18nFor("he", { ...translations.he }).t("shop.community.progressTitle", { name: "פלורנטין" }));
  });
});

/** Every key of a nested translations object, with dots. */
function keysOf(tree: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([name, value]) =>
    value !== null && typeof value === "object" ? keysOf(value as Record<string, unknown>, `${prefix}${name}.`) : [`${prefix}${name}`],
  );
}

// translatorOf answers most calls without i18next; whatever it answers must be what i18next says.
describe("translatorOf", () => {
  const PLURAL = /_(zero|one|two|few|many|other)$/;
  const samples = ["Florentin", "פלורנטין – תל אביב", "₪12.50", "3"];
  /** Every key of the language, with each sample for its values and with counts: t's text is i18next's. */
  function expectI18nextText(instance: i18n, t: (key: string, options?: Record<string, unknown>) => string, locale: "he" | "en") {
    const keys = [...new Set(keysOf(translations[locale] as Record<string, unknown>).map((key) => key.replace(PLURAL, "")))];
    let compared = 0;
    for (const key of keys) {
      const text = String(instance.getResource(locale, "translation", key) ?? instance.getResource(locale, "translation", `${key}_other`) ?? "");
      const names = [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]))];
      const calls: Record<string, unknown>[] = [];
      for (const sample of samples) calls.push(Object.fromEntries(names.map((name) => [name, sample])));
      for (const count of [0, 1, 2, 5, 11]) calls.push({ ...Object.fromEntries(names.map((name) => [name, samples[1]])), count });
      if (names.length === 0) expect(t(key)).toBe(instance.t(key));
      for (const options of calls) expect(t(key, options), `${locale} ${key} ${JSON.stringify(options)}`).toBe(instance.t(key, options));
      compared += calls.length;
    }
    expect(compared).toBeGreaterThan(1000);
  }
  for (const locale of ["he", "en"] as const) {
    it(`gives i18next's text for every ${locale} key, with and without values and counts`, () => {
      const instance = i18nFor(locale, { ...translations[locale] });
      expectI18nextText(instance, translatorOf(instance), locale);
    });
    it(`gives i18next's text for every ${locale} key outside a request too (mails and notifications, nothing escaped)`, () => {
      expectI18nextText(i18nextFor(locale), translatorFor(locale), locale);
    });
  }

  it("hands i18next what it does not handle: missing keys, missing values, its own options", () => {
    const instance = i18nFor("en", { ...translations.en });
    const t = translatorOf(instance);
    expect(t("no.such.key")).toBe("no.such.key");
    expect(t("shop.community.progressTitle")).toBe(instance.t("shop.community.progressTitle"));
    expect(t("no.such.key", { defaultValue: "fallback" })).toBe("fallback");
  });
});
