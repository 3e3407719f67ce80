// Sale units (issue #17): vendors pick a unit from this list instead of typing one, so shoppers
// no longer see three spellings of the kilogram side by side. A deal stores the unit as text (its
// Hebrew name: deals are written in Hebrew, and every screen and the API already show that
// text); a unit typed before the list existed still shows as typed, and the form maps the known
// spellings to the list and keeps any other one as "other". Pure.

export interface DealUnit {
  code: DealUnitCode;
  /** the stored text, as shoppers see it */
  he: string;
  en: string;
  /** the names after a count other than one ("3 צרורות", "3 bunches") */
  hePlural: string;
  enPlural: string;
  /** other ways people wrote the same unit (compared without spaces, quotes or case) */
  spellings: readonly string[];
}

export const DEAL_UNIT_CODES = [
  "kg",
  "pack100",
  "pack250",
  "pack500",
  "unit",
  "bunch",
  "pack",
  "box",
  "dozen",
  "liter",
  "jar",
] as const;
export type DealUnitCode = (typeof DEAL_UNIT_CODES)[number];
/** The form's choice: a unit of the list, "other" (typed by hand), or nothing yet. */
export type UnitChoice = DealUnitCode | "other" | "";
export const OTHER_UNIT = "other";

/** One language's words for the units: names and comma-separated other spellings, by code. */
export interface UnitWords {
  units: Record<DealUnitCode, string>;
  unitsPlural: Record<DealUnitCode, string>;
  unitSpellings: Record<DealUnitCode, string>;
}

/** The list from the locale files' words (locales/units.ts passes them). */
export function dealUnitsFrom(he: UnitWords, en: UnitWords): DealUnit[] {
  const split = (text: string) =>
    text
      .split(",")
      .map((word) => word.trim())
      .filter(Boolean);
  return DEAL_UNIT_CODES.map((code) => ({
    code,
    he: he.units[code],
    en: en.units[code],
    hePlural: he.unitsPlural[code],
    enPlural: en.unitsPlural[code],
    spellings: [
      ...split(he.unitSpellings[code]),
      ...split(en.unitSpellings[code]),
    ],
  }));
}

/** Spellings that differ only in spaces, quote marks (ASCII or Hebrew geresh/gershayim), dots or case compare equal. */
function normalize(text: string): string {
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(/['"`.\u05F3\u05F4\u2018\u2019\u201C\u201D\s]/g, "");
}

/** The unit rules over one list of units (the app's list is locales/units.ts). */
export function unitCatalog(units: readonly DealUnit[]) {
  const bySpelling = new Map<string, DealUnit>();
  for (const unit of units) {
    for (const spelling of [unit.he, unit.en, unit.code, ...unit.spellings])
      bySpelling.set(normalize(spelling), unit);
  }

  /** The list's unit a stored text means, if it is one of the known spellings. */
  function knownUnit(stored: string): DealUnit | null {
    const key = normalize(stored);
    return key ? (bySpelling.get(key) ?? null) : null;
  }

  /** What the form starts from for a stored unit: the list's unit, or "other" with the text kept. */
  function unitChoiceOf(stored: string): {
    unitChoice: UnitChoice;
    unitOther: string;
  } {
    if (!stored.trim()) return { unitChoice: "", unitOther: "" };
    const unit = knownUnit(stored);
    return unit
      ? { unitChoice: unit.code, unitOther: "" }
      : { unitChoice: OTHER_UNIT, unitOther: stored.trim() };
  }

  /** The text to store for a choice: the list's Hebrew name, or what was typed for "other". */
  function unitFromChoice(choice: string, other: string): string {
    if (choice === OTHER_UNIT) {
      // Someone who typed a known unit by hand gets the list's spelling.
      return knownUnit(other)?.he ?? other.trim();
    }
    return units.find((unit) => unit.code === choice)?.he ?? "";
  }

  /**
   * A unit's name in a language: the list's name for a known one, the stored text otherwise.
   * After a `count` other than one, the plural ("3 bunches", "3 צרורות"); per unit, no count.
   */
  function unitLabel(stored: string, language: string, count?: number): string {
    const unit = knownUnit(stored);
    if (!unit) return stored;
    const plural = count !== undefined && count !== 1;
    if (language === "en") return plural ? unit.enPlural : unit.en;
    return plural ? unit.hePlural : unit.he;
  }

  /**
   * The deal form sends `unitChoice` (and `unitOther`); the deal schema reads `unit`. A form
   * without `unitChoice` (the API, an old page) is left as it is.
   */
  function withUnitFromChoice(form: FormData): FormData {
    const choice = form.get("unitChoice");
    if (typeof choice !== "string") return form;
    const other = form.get("unitOther");
    const copy = new FormData();
    for (const [key, value] of form.entries())
      if (key !== "unit") copy.append(key, value);
    copy.set(
      "unit",
      unitFromChoice(choice, typeof other === "string" ? other : ""),
    );
    return copy;
  }

  return {
    units,
    knownUnit,
    unitChoiceOf,
    unitFromChoice,
    unitLabel,
    withUnitFromChoice,
  };
}
