import { describe, expect, it } from "vitest";
import { translations } from "~/locales";
import { pageSectionsKey, translationJsonForPage } from "~/locales/sections";
import { translationFileText, translationFileUrl } from "~/translation-files";
import { translationFileAt, translationsBase, translationsForPage } from "./translation-files.server";

describe("translation files", () => {
  it("gives a page the base of its language's files and keeps its file's text for the render", () => {
    const base = translationsForPage("he", "/cart");
    expect(base).toMatch(/^\/i18n\/he\/[0-9a-f]{12}\/$/);
    const url = translationFileUrl(base, "/cart");
    expect(url).toBe(`${base}${pageSectionsKey("/cart")}.json`);
    expect(translationFileText(url)).toBe(translationJsonForPage(translations.he, "/cart"));
    // A page of no page-only section has a file all the same.
    expect(translationFileUrl(base, "/no-such-page")).toBe(`${base}_.json`);
  });

  it("versions each language by all of its strings", () => {
    expect(translationsBase("en")).toMatch(/^\/i18n\/en\/[0-9a-f]{12}\/$/);
    expect(translationsBase("en").split("/")[3]).not.toBe(translationsBase("he").split("/")[3]);
    // An unknown language falls back to Hebrew, as the pages do.
    expect(translationsBase("xx")).toBe(translationsBase("he"));
  });

  it("serves the file a page names, and nothing for an address no page has", () => {
    const version = translationsBase("en").split("/")[3]!;
    expect(translationFileAt("en", version, `${pageSectionsKey("/profile")}.json`)).toBe(translationJsonForPage(translations.en, "/profile"));
    expect(translationFileAt("en", version, "_.json")).toBe(translationJsonForPage(translations.en, "/no-such-page"));
    expect(translationFileAt("he", version, "_.json")).toBeNull();
    expect(translationFileAt("xx", version, "_.json")).toBeNull();
    expect(translationFileAt("en", "000000000000", "_.json")).toBeNull();
    for (const name of ["auth,purchase.json", "nope.json", "_.js", "../_.json", "_.json.json", "", ".json"]) expect(translationFileAt("en", version, name), name).toBeNull();
  });
});
