// Money is integer agorot inside; decimal strings in API answers; one format on screen. Pure.

/** 1290 -> "12.90" (the API's decimal(10,2) strings). */
export function toDecimalString(agorot: number): string {
  const sign = agorot < 0 ? "-" : "";
  const abs = Math.abs(Math.round(agorot));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Left-to-right isolate: U+2066 ... U+2069. */
const LRI = "\u2066";
const PDI = "\u2069";

/**
 * 1290 -> "12.90 ₪" in Hebrew, "₪12.90" in English: always two decimals, and always inside a
 * left-to-right isolate. Intl's Hebrew output carries right-to-left marks, so the bidi algorithm
 * drew the sign left of the amount in a Hebrew sentence and right of it in a dir="ltr" box (and
 * swallowed the space). Without the marks and inside the isolate the amount reads the same in a
 * price box, a sentence, a title or a toast.
 *
 * Written out rather than through Intl.NumberFormat (its output without the marks, which the
 * test checks value by value): on a slow phone the first Intl currency format and each call
 * after it cost a card grid's hydration about 130 ms at 4x CPU (docs/decisions/017).
 */
export function formatShekel(agorot: number, locale = "he"): string {
  const negative = agorot < 0;
  const abs = Math.round(Math.abs(agorot));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const amount = `${whole}.${String(abs % 100).padStart(2, "0")}`;
  const sign = negative && abs > 0 ? "-" : "";
  const text = locale === "he" ? `${sign}${amount} ₪` : `${sign}₪${amount}`;
  return `${LRI}${text}${PDI}`;
}

/**
 * The admin's summary figures (the revenue card, a week's revenue beside its target): whole
 * shekels, rounded half up, in the same isolate. The spec keeps two decimals for everything a
 * shopper pays; a sum of thousands reads faster without them.
 */
export function formatWholeShekel(agorot: number, locale = "he"): string {
  const shekels = Math.round(agorot / 100);
  const whole = String(Math.abs(shekels)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const sign = shekels < 0 ? "-" : "";
  return `${LRI}${locale === "he" ? `${sign}${whole} ₪` : `${sign}₪${whole}`}${PDI}`;
}
