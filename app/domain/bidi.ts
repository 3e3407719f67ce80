// Mixed-direction text. Pure, browser-safe.
// A Hebrew deal title or community name inside an English sentence (or a Latin name inside a
// Hebrew one) is laid out by the bidi algorithm together with the sentence around it: the
// colon, the period or "'s" lands on the wrong side of a Hebrew community name. Wrapping
// the inserted value in a first-strong isolate (U+2068 … U+2069, what <bdi> does) keeps each
// run in its own direction, in plain text too: titles, attributes, e-mails.

const FIRST_STRONG_ISOLATE = "\u2068";
const POP_DIRECTIONAL_ISOLATE = "\u2069";
const HEBREW = /[\u0590-\u05ff\ufb1d-\ufb4f]/;
const LATIN = /[A-Za-z\u00c0-\u024f]/;

const FIRST_STRONG = /[A-Za-z\u00c0-\u024f\u0590-\u05ff\ufb1d-\ufb4f]/;

/**
 * The value as it goes into a sentence of `locale`: isolated when it starts (its first letter)
 * in the other direction, untouched otherwise. A value that starts in the page's own direction
 * keeps it inside an isolate too, so isolating it would change nothing a reader sees; numbers
 * and prices have no letters and read right as they are.
 */
export function isolateForeignText(value: unknown, locale: string): unknown {
  if (typeof value !== "string" || value.startsWith(FIRST_STRONG_ISOLATE)) return value;
  const first = FIRST_STRONG.exec(value)?.[0];
  if (!first) return value;
  const foreign = locale === "he" ? LATIN : HEBREW;
  return foreign.test(first) ? FIRST_STRONG_ISOLATE + value + POP_DIRECTIONAL_ISOLATE : value;
}
