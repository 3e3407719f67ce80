// Deal search that understands Hebrew (issue #47): a shopper types עגבניה and the deal is called
// עגבניות; she types העגבניות, ועגבנייה or, in the English keyboard layout, gdcbhv. Both sides
// are brought to the same forms: a deal's text becomes a list of "terms" (each word with and
// without its one-letter prefixes, with and without its plural or feminine ending), and a query
// becomes, per word, a few "needles" to look for in that list. Pure and browser-safe.
//
// The terms are one string, " term term term ", so a needle is found with a plain substring
// search: " stem" for a word that may go on (the shopper may still be typing it, or it has an
// ending we did not strip), " stem " for a word that must end there.

/** Hebrew letters written differently at the end of a word, and their ordinary form. */
const FINAL_LETTERS: Record<string, string> = { ך: "כ", ם: "מ", ן: "נ", ף: "פ", ץ: "צ" };
const FINAL_LETTER = /[ךםןףץ]/g;
/** Yiddish ligatures, now and then pasted from old texts. */
const LIGATURES: Record<string, string> = { װ: "וו", ױ: "וי", ײ: "יי" };
/** Marks inside a word that are not letters of it: geresh, gershayim, apostrophes, quotes (ג׳, ק"ג). */
const IN_WORD_MARKS = /['"`׳״‘’]/g;
const HEBREW_WORD = /^[\u05D0-\u05EA]+$/;
const LATIN_WORD = /^[a-z]+$/;

/**
 * The one-letter prefixes a Hebrew word takes, and their usual combinations, in the order they
 * stack: ו (and), ש/כש/מש (that, when, since), one of ב כ ל מ (in, as, to, from), ה (the).
 */
const PREFIXES: string[] = (() => {
  const found = new Set<string>();
  for (const and of ["", "ו"])
    for (const that of ["", "ש", "כש", "מש"])
      for (const preposition of ["", "ב", "כ", "ל", "מ"])
        for (const the of ["", "ה"]) found.add(and + that + preposition + the);
  found.delete("");
  // Longest first, so a word's options come out the same way every time.
  return [...found].sort((a, b) => b.length - a.length || a.localeCompare(b));
})();

/** A remainder shorter than this is not taken for a prefixed word in a deal's text (בצל is not ב+צל). */
const MIN_TEXT_REMAINDER = 2;
/** The shopper's word is cut more carefully: a query is short and every needle counts. */
const MIN_QUERY_REMAINDER = 3;

/** Lower case, no niqqud or accents, no marks inside words; the words, final letters kept. */
function rawWordsOf(text: string): string[] {
  return text
    .replace(/[װױײ]/g, (c) => LIGATURES[c]!)
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(IN_WORD_MARKS, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** A word's final letters as ordinary ones, and a doubled yod or vav as one (עגבנייה is עגבניה). */
function plainWord(word: string): string {
  return word
    .replace(FINAL_LETTER, (c) => FINAL_LETTERS[c]!)
    .replace(/י{2,}/g, "י")
    .replace(/ו{2,}/g, "ו");
}

/**
 * The words of a text as search compares them: lower case, no niqqud or accents, final letters as
 * ordinary ones, a doubled yod or vav as one, anything that is not a letter or a digit a space.
 */
export function searchWordsOf(text: string): string[] {
  return rawWordsOf(text).map(plainWord);
}

/**
 * A word without its plural or feminine ending, or null when it has none: עגבניות, עגבניה ->
 * עגבני; מלפפונים -> מלפפונ; שקית -> שקי (only after yod: שמנת is not שמן). English: tomatoes ->
 * tomato, apples -> apple.
 */
export function withoutEnding(word: string): string | null {
  if (HEBREW_WORD.test(word)) {
    for (const [ending, keep, min] of [["ות", 0, 2], ["ימ", 0, 2], ["ית", 1, 3], ["ה", 0, 2]] as const) {
      const stem = word.slice(0, word.length - ending.length + keep);
      if (word.endsWith(ending) && stem.length >= min) return stem;
    }
    return null;
  }
  if (LATIN_WORD.test(word) && word.length > 3) {
    if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
    if (/(oes|ches|shes|xes|sses)$/.test(word)) return word.slice(0, -2);
    if (word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  }
  return null;
}

/** The word as itself and without each prefix it may carry, leaving at least `min` letters. */
function prefixOptions(word: string, min: number): string[] {
  if (!HEBREW_WORD.test(word)) return [word];
  return [word, ...PREFIXES.filter((p) => word.startsWith(p) && word.length - p.length >= min).map((p) => word.slice(p.length))];
}

/**
 * A deal's text as its search terms, " term term ... " (a space on both sides). Each word gives
 * itself and, for each prefix it may carry, the rest; each of those with and without its ending,
 * and without a construct yod (תפוחי עץ are תפוחים).
 */
export function searchTermsOf(...texts: string[]): string {
  const terms = new Set<string>();
  for (const word of texts.flatMap(searchWordsOf)) {
    for (const rest of prefixOptions(word, MIN_TEXT_REMAINDER)) {
      terms.add(rest);
      const stem = withoutEnding(rest);
      if (stem) terms.add(stem);
      if (HEBREW_WORD.test(rest) && rest.endsWith("י") && rest.length > MIN_TEXT_REMAINDER) terms.add(rest.slice(0, -1));
    }
  }
  return terms.size ? ` ${[...terms].join(" ")} ` : "";
}

/**
 * The needles of one word the shopper typed: any one of them found in a deal's terms is a match.
 * A word that ends in a final letter (מלפפון, תפוחים) is whole: its stem must be a whole term. A
 * stem cut to two letters is whole too (חסה -> חס must not find חסכון). Anything else may go on.
 */
function needlesOfWord(rawWord: string): string[] {
  const whole = /[ךםןףץ]$/.test(rawWord);
  const needles = new Set<string>();
  for (const rest of prefixOptions(plainWord(rawWord), MIN_QUERY_REMAINDER)) {
    const stem = withoutEnding(rest);
    const exact = whole || (stem !== null && stem.length <= 2);
    needles.add(exact ? ` ${stem ?? rest} ` : ` ${stem ?? rest}`);
  }
  return [...needles];
}

/** The standard Israeli keyboard (SI 1452): the Hebrew letter on each key of the English layout. */
const HEBREW_ON_KEY: Record<string, string> = {
  e: "ק", r: "ר", t: "א", y: "ט", u: "ו", i: "ן", o: "ם", p: "פ",
  a: "ש", s: "ד", d: "ג", f: "כ", g: "ע", h: "י", j: "ח", k: "ל", l: "ך", ";": "ף",
  z: "ז", x: "ס", c: "ב", v: "ה", b: "נ", n: "מ", m: "צ", ",": "ת", ".": "ץ",
};
const ENGLISH_LAYOUT_WORD = /^[a-z;,.]{2,}$/;

/** What a token typed in the English layout would have been in the Hebrew one (gdcbhv -> עגבניה). */
export function hebrewFromEnglishLayout(token: string): string | null {
  const lower = token.toLowerCase();
  if (!ENGLISH_LAYOUT_WORD.test(lower)) return null;
  return [...lower].map((key) => HEBREW_ON_KEY[key] ?? " ").join("");
}

/** The most words of a query that are searched for; the rest of a long paste is ignored. */
export const MAX_SEARCH_WORDS = 8;

/**
 * A query as groups of needles: a deal matches when each group has a needle in its terms. A query
 * with text but nothing searchable in it ("*", "-") is one empty group, which nothing matches, so
 * the shopper sees the empty state rather than every deal. An empty query is no groups.
 */
export function searchNeedlesOf(q: string): string[][] {
  const groups: string[][] = [];
  for (const token of q.split(/\s+/).filter(Boolean)) {
    const words = rawWordsOf(token);
    const groupsOfToken = words.map(needlesOfWord);
    // A single word typed in the wrong layout: either reading may be meant.
    const hebrew = hebrewFromEnglishLayout(token);
    if (hebrew && words.length <= 1) {
      const asHebrew = rawWordsOf(hebrew);
      if (asHebrew.length === 1) {
        const needles = needlesOfWord(asHebrew[0]!);
        if (groupsOfToken.length === 0) groupsOfToken.push(needles);
        else groupsOfToken[0]!.push(...needles);
      }
    }
    groups.push(...groupsOfToken);
  }
  const searched = groups.filter((g) => g.length > 0).slice(0, MAX_SEARCH_WORDS);
  if (searched.length === 0) return q.trim() ? [[]] : [];
  return searched;
}
