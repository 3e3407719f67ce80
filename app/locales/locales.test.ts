import { describe, expect, it } from "vitest";
import { translations } from "./index";

function keysOf(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

/** Plural forms differ by language (Hebrew has "two", English does not): compare the base key. */
const withoutPluralSuffix = (keys: string[]) => [...new Set(keys.map((k) => k.replace(/_(zero|one|two|few|many|other)$/, "")))].sort();

describe("locales", () => {
  it("has the same keys in Hebrew and English", () => {
    expect(withoutPluralSuffix(keysOf(translations.en))).toEqual(withoutPluralSuffix(keysOf(translations.he)));
  });

  it("gives Hebrew plurals their 'two' form", () => {
    const he = keysOf(translations.he);
    const missing = he.filter((k) => k.endsWith("_one") && !he.includes(k.replace(/_one$/, "_two")));
    expect(missing).toEqual([]);
    expect(new Intl.PluralRules("he").select(2)).toBe("two");
  });

  it("counts things only with plural forms (no \"1 פריטים\")", () => {
    const he = keysOf(translations.he);
    const valueOf = (key: string) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], translations.he);
    // A number followed by a Hebrew word is a count of something: it needs _one, _two, _other.
    const unplural = he.filter((k) => !/_(zero|one|two|few|many|other)$/.test(k) && /\{\{count\}\}\s+[\u05d0-\u05ea]/.test(String(valueOf(k))));
    expect(unplural).toEqual([]);
  });

  it("has no empty strings", () => {
    for (const lang of ["he", "en"] as const) {
      const empty = keysOf(translations[lang]).filter((key) => {
        const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], translations[lang]);
        return typeof value === "string" && value.trim() === "";
      });
      expect(empty, lang).toEqual([]);
    }
  });

  it("writes the Hebrew copy in Hebrew", () => {
    const he = keysOf(translations.he).map((key) =>
      key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], translations.he),
    );
    const hebrew = he.filter((v) => typeof v === "string" && /[\u0590-\u05FF]/.test(v));
    expect(hebrew.length / he.length).toBeGreaterThan(0.9);
  });
});
