// Sale units (issue #17): vendors pick a unit from this list instead of typing one, so shoppers
// no longer see "ק״ג", "קילו" and "קילוגרם" side by side. A deal stores the unit as text (its
// Hebrew name: deals are written in Hebrew, and every screen and the API already show that
// text); a unit typed before the list existed still shows as typed, and the form maps the known
// spellings to the list and keeps any other one as "other". Pure.

export interface DealUnit {
  code: string;
  /** the stored text, as shoppers see it */
  he: string;
  en: string;
  /** other ways people wrote the same unit (compared without spaces, quotes or case) */
  spellings: readonly string[];
}

export const DEAL_UNITS = [
  { code: "kg", he: "ק״ג", en: "kg", spellings: ["קג", "קילו", "קילוגרם", "kg", "kilo", "kilogram"] },
  { code: "pack100", he: "מארז 100 גרם", en: "100 g pack", spellings: ["100 גרם", "100 גר", "מארז 100 גר"] },
  { code: "pack250", he: "מארז 250 גרם", en: "250 g pack", spellings: ["250 גרם", "250 גר", "מארז 250 גר"] },
  { code: "pack500", he: "מארז 500 גרם", en: "500 g pack", spellings: ["500 גרם", "500 גר", "חצי קילו", "מארז חצי קילו", "מארז 500 גר"] },
  { code: "unit", he: "יחידה", en: "each", spellings: ["יח", "יחידות", "unit", "each", "piece"] },
  { code: "bunch", he: "צרור", en: "bunch", spellings: ["צרורות", "bunch"] },
  { code: "pack", he: "מארז", en: "pack", spellings: ["חבילה", "pack", "package"] },
  { code: "box", he: "ארגז", en: "box", spellings: ["קרטון", "box", "crate"] },
  { code: "dozen", he: "תריסר", en: "dozen", spellings: ["12 יחידות", "dozen"] },
  { code: "liter", he: "ליטר", en: "liter", spellings: ["ל", "litre", "liter", "l"] },
  { code: "jar", he: "צנצנת", en: "jar", spellings: ["jar"] },
] as const satisfies readonly DealUnit[];

export type DealUnitCode = (typeof DEAL_UNITS)[number]["code"];
/** The form's choice: a unit of the list, "other" (typed by hand), or nothing yet. */
export type UnitChoice = DealUnitCode | "other" | "";
export const OTHER_UNIT = "other";

/** "ק"ג " and "ק״ג" and "KG" compare equal: no spaces, quote marks, dots or apostrophes; lower case. */
function normalize(text: string): string {
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(/['"`.\u05F3\u05F4\u2018\u2019\u201C\u201D\s]/g, "");
}

const BY_SPELLING = new Map<string, DealUnit>();
for (const unit of DEAL_UNITS as readonly DealUnit[]) {
  for (const spelling of [unit.he, unit.en, unit.code, ...unit.spellings]) BY_SPELLING.set(normalize(spelling), unit);
}

/** The list's unit a stored text means, if it is one of the known spellings. */
export function knownUnit(stored: string): DealUnit | null {
  const key = normalize(stored);
  return key ? (BY_SPELLING.get(key) ?? null) : null;
}

/** What the form starts from for a stored unit: the list's unit, or "other" with the text kept. */
export function unitChoiceOf(stored: string): { unitChoice: UnitChoice; unitOther: string } {
  if (!stored.trim()) return { unitChoice: "", unitOther: "" };
  const unit = knownUnit(stored);
  return unit ? { unitChoice: unit.code as DealUnitCode, unitOther: "" } : { unitChoice: OTHER_UNIT, unitOther: stored.trim() };
}

/** The text to store for a choice: the list's Hebrew name, or what was typed for "other". */
export function unitFromChoice(choice: string, other: string): string {
  if (choice === OTHER_UNIT) {
    // Someone who typed a known unit by hand gets the list's spelling.
    return knownUnit(other)?.he ?? other.trim();
  }
  return (DEAL_UNITS as readonly DealUnit[]).find((unit) => unit.code === choice)?.he ?? "";
}

/** A unit's name in a language: the list's name for a known one, the stored text otherwise. */
export function unitLabel(stored: string, language: string): string {
  const unit = knownUnit(stored);
  if (!unit) return stored;
  return language === "en" ? unit.en : unit.he;
}

/**
 * The deal form sends `unitChoice` (and `unitOther`); the deal schema reads `unit`. A form
 * without `unitChoice` (the API, an old page) is left as it is.
 */
export function withUnitFromChoice(form: FormData): FormData {
  const choice = form.get("unitChoice");
  if (typeof choice !== "string") return form;
  const other = form.get("unitOther");
  const copy = new FormData();
  for (const [key, value] of form.entries()) if (key !== "unit") copy.append(key, value);
  copy.set("unit", unitFromChoice(choice, typeof other === "string" ? other : ""));
  return copy;
}
