// Money is integer agorot inside; decimal strings in API answers; one format on screen. Pure.

/** 1290 -> "12.90" (the API's decimal(10,2) strings). */
export function toDecimalString(agorot: number): string {
  const sign = agorot < 0 ? "-" : "";
  const abs = Math.abs(Math.round(agorot));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Left-to-right isolate: U+2066 ... U+2069. */
const LRI = "\u2066";
const PDI = "\u2069";

/**
 * 1290 -> "12.90 ₪" in Hebrew, "₪12.90" in English: always two decimals, and always inside a
 * left-to-right isolate. Intl's Hebrew output carries right-to-left marks, so the bidi algorithm
 * drew the sign left of the amount in a Hebrew sentence and right of it in a dir="ltr" box (and
 * swallowed the space). Without the marks and inside the isolate the amount reads the same in a
 * price box, a sentence, a title or a toast.
 */
export function formatShekel(agorot: number, locale = "he"): string {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale === "he" ? "he-IL" : "en-IL", {
      style: "currency",
      currency: "ILS",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(locale, formatter);
  }
  const text = formatter.format(agorot / 100).replace(/[\u200e\u200f]/g, "").replace(/\s+/g, " ");
  return `${LRI}${text}${PDI}`;
}
