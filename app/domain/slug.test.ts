import { describe, expect, it } from "vitest";
import { FALLBACK_SLUG, firstFreeSlug, slugify, SLUG_MAX_LENGTH } from "./slug";

describe("slugify", () => {
  it("keeps Hebrew letters and joins words with single dashes", () => {
    expect(slugify("עגבניות שרי")).toBe("עגבניות-שרי");
    expect(slugify("  מלפפון   בלדי  ")).toBe("מלפפון-בלדי");
  });

  it("turns punctuation into one dash and drops quote marks inside words", () => {
    expect(slugify("תפוחים, אדומים!! 1 ק״ג")).toBe("תפוחים-אדומים-1-קג");
    expect(slugify("צ'ילי חריף -- טרי")).toBe("צילי-חריף-טרי");
    expect(slugify("סלט/ירקות (מארז)")).toBe("סלט-ירקות-מארז");
  });

  it("drops niqqud and Latin accents, lower-cases Latin", () => {
    expect(slugify("שָׁלוֹם")).toBe("שלום");
    expect(slugify("Café Fresh TOMATOES")).toBe("cafe-fresh-tomatoes");
  });

  it("keeps digits and mixes Hebrew with Latin", () => {
    expect(slugify("Basil בזיליקום 250g")).toBe("basil-בזיליקום-250g");
  });

  it("gives a usable slug when nothing in the title is", () => {
    expect(slugify("!!! 🍅 ???")).toBe(FALLBACK_SLUG);
    expect(slugify("")).toBe(FALLBACK_SLUG);
  });

  it("caps the length without a trailing dash", () => {
    const slug = slugify("א ".repeat(100));
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug.endsWith("-")).toBe(false);
  });
});

describe("firstFreeSlug", () => {
  it("keeps a free slug and appends -2, -3 on a clash", () => {
    expect(firstFreeSlug("עגבניות", () => false)).toBe("עגבניות");
    const taken = new Set(["עגבניות", "עגבניות-2"]);
    expect(firstFreeSlug("עגבניות", (s) => taken.has(s))).toBe("עגבניות-3");
    expect(firstFreeSlug("x", (s) => s === "x")).toBe("x-2");
  });

  it("stays within the length limit with the suffix", () => {
    const base = "a".repeat(SLUG_MAX_LENGTH);
    const slug = firstFreeSlug(base, (s) => s === base);
    expect(slug.length).toBe(SLUG_MAX_LENGTH);
    expect(slug.endsWith("-2")).toBe(true);
  });
});
