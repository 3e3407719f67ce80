import { describe, expect, it } from "vitest";
import { hebrewFromEnglishLayout, MAX_SEARCH_WORDS, searchNeedlesOf, searchTermsOf, searchWordsOf, withoutEnding } from "./hebrew-search";

/** What the service does in SQL: every group of needles has one inside the text's terms. */
function finds(query: string, text: string): boolean {
  const terms = searchTermsOf(text);
  return searchNeedlesOf(query).every((group) => group.some((needle) => terms.includes(needle)));
}

describe("searchWordsOf", () => {
  it("drops niqqud, accents, case and marks inside words; final letters and doubled yod or vav become one form", () => {
    expect(searchWordsOf("עַגְבָנִיָּה")).toEqual(["עגבניה"]);
    expect(searchWordsOf("עגבנייה")).toEqual(["עגבניה"]);
    expect(searchWordsOf("מלפפון")).toEqual(["מלפפונ"]);
    expect(searchWordsOf("Crème BRÛLÉE")).toEqual(["creme", "brulee"]);
    expect(searchWordsOf("תמרי מג׳הול, 6 ק\"ג")).toEqual(["תמרי", "מגהול", "6", "קג"]);
    expect(searchWordsOf("שמן־זית (כתית)")).toEqual(["שמנ", "זית", "כתית"]);
    expect(searchWordsOf("*\"-NEAR(")).toEqual(["near"]);
  });
});

describe("withoutEnding", () => {
  it.each([
    ["עגבניות", "עגבני"],
    ["עגבניה", "עגבני"],
    ["מלפפונימ", "מלפפונ"],
    ["שקית", "שקי"],
    ["tomatoes", "tomato"],
    ["cherries", "cherry"],
    ["apples", "apple"],
  ])("%s -> %s", (word, stem) => expect(withoutEnding(word)).toBe(stem));

  it.each(["תפוח", "שמנת", "זית", "ימ", "גזר", "glass"])("leaves %s as it is", (word) => expect(withoutEnding(word)).toBeNull());
});

describe("searchTermsOf", () => {
  it("is every word with and without its prefixes and endings, spaced on both sides", () => {
    expect(searchTermsOf("ועגבניות")).toBe(" ועגבניות ועגבני עגבניות עגבני ");
    expect(searchTermsOf("תפוחי עץ")).toContain(" תפוח ");
    expect(searchTermsOf("")).toBe("");
  });
});

describe("a search finds a deal's text (table)", () => {
  it.each([
    // singular and plural, both ways
    ["עגבניה", "עגבניות שרי אדומות"],
    ["עגבנייה", "עגבניות שדה"],
    ["עגבניות", "עגבנייה אחת"],
    ["מלפפון", "מלפפונים"],
    ["מלפפונים", "מלפפון חממה"],
    ["תפוח", "תפוחים"],
    ["תפוחים", "תפוחי עץ פינק ליידי"],
    ["פטרייה", "פטריות יער"],
    ["שקית", "שקיות נייר"],
    // the definite article and the one-letter prefixes, on either side
    ["העגבניות", "עגבניות שדה"],
    ["ועגבניות", "עגבניות שדה"],
    ["שהמלפפונים", "מלפפונים"],
    ["מהשוק", "שוק איכרים"],
    ["עגבניות", "סלט ועגבניות"],
    ["מלפפון", "סלט מלפפונים"],
    // niqqud, final letters typed mid-word, partial words
    ["עַגְבָנִיָּה", "עגבניות"],
    ["עגב", "עגבניות שרי"],
    ["מלפפו", "מלפפונים"],
    // every word must be found, in any order
    ["שרי עגבניות", "עגבניות שרי אדומות"],
    // English, in any case
    ["TOMATO", "Cherry tomatoes"],
    ["Apples", "apple pie"],
    // the English keyboard layout typed for Hebrew (SI 1452)
    ["gdcbhv", "עגבניות"],
    ["nkppui", "מלפפונים"],
  ])("%s finds %s", (query, text) => expect(finds(query, text)).toBe(true));

  it.each([
    ["שמן", "שמנת מתוקה"],
    ["שמנת", "שמן זית"],
    ["חסה", "חסכון גדול"],
    ["מלון", "מלונית"],
    ["בצל", "צל"],
    ["עגבניות שרי", "עגבניות שדה"],
    ["זית", "זיפים"],
  ])("%s does not find %s", (query, text) => expect(finds(query, text)).toBe(false));
});

describe("searchNeedlesOf", () => {
  it("is no groups for an empty query and one empty group (nothing found) for one with nothing to search", () => {
    expect(searchNeedlesOf("")).toEqual([]);
    expect(searchNeedlesOf("   ")).toEqual([]);
    for (const odd of ['"', "*", "-", "()", "^", "—", "\u200f"]) expect(searchNeedlesOf(odd)).toEqual([[]]);
  });

  it("keeps at most a handful of words of a long paste, each needle only letters, digits and spaces", () => {
    const groups = searchNeedlesOf(`${"עגבניות מלפפונים ".repeat(50)} NEAR(a b) "x" * -y`);
    expect(groups.length).toBe(MAX_SEARCH_WORDS);
    for (const needle of groups.flat()) expect(needle).toMatch(/^ [\p{L}\p{N}]+ ?$/u);
  });
});

describe("hebrewFromEnglishLayout", () => {
  it("reads the keys of the standard Israeli layout", () => {
    expect(hebrewFromEnglishLayout("gdcbhhv")).toBe("עגבנייה");
    expect(hebrewFromEnglishLayout("nkppui")).toBe("מלפפון");
    expect(hebrewFromEnglishLayout("a,i")).toBe("שתן");
    expect(hebrewFromEnglishLayout("x")).toBeNull();
    expect(hebrewFromEnglishLayout("עגב")).toBeNull();
  });
});
