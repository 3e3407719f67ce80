// Money is integer agorot inside; decimal strings in API answers; "₪ 12.90" on screen. Pure.

/** 1290 -> "12.90" (the API's decimal(10,2) strings). */
export function toDecimalString(agorot: number): string {
  const sign = agorot < 0 ? "-" : "";
  const abs = Math.abs(Math.round(agorot));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** 1290 -> "‏12.90 ₪" in Hebrew; whole shekels when `whole` (admin revenue). */
export function formatShekel(agorot: number, locale = "he", { whole = false } = {}): string {
  const key = `${locale}:${whole}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale === "he" ? "he-IL" : "en-IL", {
      style: "currency",
      currency: "ILS",
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    });
    formatters.set(key, formatter);
  }
  return formatter.format((whole ? Math.round(agorot / 100) * 100 : agorot) / 100);
}
