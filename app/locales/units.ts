// The sale units with their words from the locale files (domain/units.ts has the rules). Only the
// back-office files are imported: the deal form runs in the browser and needs both languages'
// words whatever the page's language (a deal stores the Hebrew name).
import { dealUnitsFrom, unitCatalog } from "~/domain/units";
import en from "./en/back-office.json";
import he from "./he/back-office.json";

export const { units: DEAL_UNITS, knownUnit, unitChoiceOf, unitFromChoice, unitLabel, withUnitFromChoice } = unitCatalog(
  dealUnitsFrom(he.backOffice, en.backOffice),
);
export { OTHER_UNIT } from "~/domain/units";
