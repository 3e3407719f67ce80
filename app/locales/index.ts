// Every visible string, per language. Each JSON file owns its top-level sections (common: the
// shell and accounts; more files as areas grow), merged here into one "translation" namespace.
import enCommon from "./en/common.json";
import heCommon from "./he/common.json";

export const translations = {
  he: { ...heCommon },
  en: { ...enCommon },
} as const;

export type Translation = (typeof translations)["he"];
