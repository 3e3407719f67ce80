import { describe, expect, it } from "vitest";
import { i18nFor } from "./i18n";
import { translations } from "./locales";

// The instance every screen renders with: Hebrew content inside an English sentence (and the
// other way round) keeps its own direction (issue #16: "פלורנטין – תל אביב's progress").
describe("i18nFor", () => {
  it("isolates a Hebrew community name in an English sentence", () => {
    const { t } = i18nFor("en", { ...translations.en });
    expect(t("shop.community.progressTitle", { name: "פלורנטין – תל אביב" })).toBe("\u2068פלורנטין – תל אביב\u2069's progress this week");
    expect(t("shop.community.progressTitle", { name: "Florentin" })).toBe("Florentin's progress this week");
  });

  it("isolates a Latin value in a Hebrew sentence and leaves Hebrew ones alone", () => {
    const { t } = i18nFor("he", { ...translations.he });
    expect(t("shop.community.progressTitle", { name: "Florentin" })).toContain("\u2068Florentin\u2069");
    expect(t("shop.community.progressTitle", { name: "פלורנטין" })).not.toMatch(/[\u2066-\u2069]/);
  });
});
